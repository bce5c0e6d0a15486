import { Alert, Button, Group, Modal, MultiSelect, Select, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../../api/client';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DialogActions } from '../../../components/DialogActions';
import { PageHeader } from '../../../components/PageHeader';
import { StatusBadge } from '../../../components/StatusBadge';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { toastError } from '../../../lib/toast-error';
import { saveCampaign, sendCampaign, sendCampaignTest, type Campaign, type campaignChoices, type SaveAction, type SendWhen } from '../api';
import { campaignKindMessages as kindText, campaignMessages as text, campaignRules as rule } from '../messages';
import { AbSection } from './AbSection';
import { DateTimeField } from './DateTimeField';
import { KindChoice } from './KindChoice';
import { changesOf, formOf, type CampaignForm } from './model';
import { PollSection } from './PollSection';
import { ResendSection } from './ResendSection';
import { pollExpiryProblem, saveErrors, schedulePast, sendErrors, type FieldErrors } from './rules';
import { RssSection } from './RssSection';
import { firstError, Section } from './Section';
import { nowIn, type ClientZone } from './zone';

const EDITABLE = ['Draft', 'Published', 'Unpublished', 'Scheduled'];
const AUTOSAVE_MS = 3000;

export type Choices = Awaited<ReturnType<typeof campaignChoices>>;

// A change to one of these fields answers the error the server gave under another name.
const ALSO_CLEARS: Partial<Record<keyof CampaignForm, string[]>> = {
  groupIds: ['audience'],
  segmentIds: ['audience'],
  abWinnerAfterHours: ['abWinnerRule'],
  senderId: ['fromName', 'fromAddress'],
};

/** The campaign form of ?id=: every part the spec names, checked in the browser first, saved by the server. */
export function CampaignEditor({ campaign, choices, reload }: { campaign: Campaign; choices: Choices; reload: () => void }) {
  const navigate = useNavigate();
  const { status } = useSession();
  const [form, setForm] = useState<CampaignForm>(() => formOf(campaign));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [autosavedAt, setAutosavedAt] = useState<string | null>(null);
  const [testing, setTesting] = useState(false);
  const [testEmails, setTestEmails] = useState('');
  const [confirmNow, setConfirmNow] = useState(false);
  const [focusTick, setFocusTick] = useState(0);
  const fields = useRef<HTMLFieldSetElement>(null);
  const editable = EDITABLE.includes(campaign.status);
  const latest = useRef(form);
  latest.current = form;
  const zone: ClientZone = { name: status?.client.timeZone ?? '', minutes: status?.timeZoneMinutes ?? 0 };
  const now = nowIn(zone);
  const today = now.slice(0, 10);

  const set = <K extends keyof CampaignForm>(key: K, value: CampaignForm[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    setErrors((current) => {
      const next = { ...current };
      for (const name of [key, ...(ALSO_CLEARS[key] ?? [])]) delete next[name];
      return next;
    });
    setDirty(true);
  };
  // The dates' rules read at once, while a person picks (spec 5.2, 5.3); the rest on each action.
  const live: FieldErrors = {};
  if (schedulePast(form.scheduledAt, now)) live.scheduledAt = [rule.schedulePast];
  const pollProblem = form.kind === 'Poll' ? pollExpiryProblem(form.pollExpiresAt, form.scheduledAt, now) : null;
  if (pollProblem) live.pollExpiresAt = [pollProblem];
  const shown: FieldErrors = { ...live, ...errors };
  const error = (key: string) => firstError(shown, key);

  // The first field in error takes the focus after a refused action (UI.md).
  useEffect(() => {
    if (!focusTick) return;
    fields.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusTick]);
  const refuse = (found: FieldErrors) => {
    setErrors(found);
    setFocusTick((tick) => tick + 1);
    toast('error', Object.values(found)[0][0]);
  };

  // Autosave (spec 4): a quiet save a few seconds after the last change, when the save would pass.
  useEffect(() => {
    if (!dirty || !editable) return;
    const timer = window.setTimeout(() => {
      if (Object.keys(saveErrors(latest.current)).length) return;
      saveCampaign(campaign.id, changesOf(latest.current), 'autosave')
        .then(() => {
          setDirty(false);
          setAutosavedAt(new Date().toLocaleTimeString());
        })
        .catch(() => undefined); // shown by the next explicit save
    }, AUTOSAVE_MS);
    return () => window.clearTimeout(timer);
  }, [form, dirty, editable, campaign.id]);

  const run = async (action: () => Promise<unknown>, message: string, after?: () => void) => {
    setBusy(true);
    try {
      await action();
      setErrors({});
      setDirty(false);
      toast('success', message);
      after?.();
    } catch (failure) {
      if (failure instanceof ApiError) {
        setErrors(failure.errors);
        setFocusTick((tick) => tick + 1);
      }
      toastError(failure);
    } finally {
      setBusy(false);
    }
  };
  const checked = (found: FieldErrors, go: () => void) => (Object.keys(found).length ? refuse(found) : go());
  const save = (action: SaveAction) =>
    checked(saveErrors(form), () => void run(() => saveCampaign(campaign.id, changesOf(form), action), text.saved, action === 'draftSaveAndReload' ? reload : undefined));
  const send = (when: SendWhen) =>
    run(() => sendCampaign(campaign.id, when, changesOf(form)), when === 'now' ? text.sendingToast : text.scheduledToast, () => navigate(paths.home.href()));
  const ab = form.kind === 'AB';

  return (
    <>
      <PageHeader title={text.editCampaign} description={campaign.name} actions={<StatusBadge family="campaign" status={campaign.status} />} />
      {editable ? null : (
        <Alert icon={<IconInfoCircle />} color="gray">
          {text.notEditable}
        </Alert>
      )}
      {campaign.statusMessage ? <Alert color="orange">{campaign.statusMessage}</Alert> : null}
      <fieldset ref={fields} disabled={!editable || busy} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack maw={760}>
          <Section title={text.details}>
            <TextInput label={text.campaignName} value={form.name} onChange={(e) => set('name', e.currentTarget.value)} error={error('name')} data-testid="campaign-name" />
            <Select label={text.campaignType} data={choices.types} value={form.campaignTypeId} onChange={(v) => set('campaignTypeId', v)} error={error('campaignTypeId')} data-testid="campaign-type" />
            <KindChoice value={form.kind} onChange={(kind) => set('kind', kind)} />
          </Section>
          <Section title={text.audience}>
            {error('audience') ? (
              <Text c="red" size="sm" role="alert">
                {error('audience')}
              </Text>
            ) : null}
            <MultiSelect label={text.groups} data={choices.groups} value={form.groupIds} onChange={(v) => set('groupIds', v)} searchable error={error('groupIds')} data-testid="campaign-groups" />
            <MultiSelect label={text.segments} data={choices.segments} value={form.segmentIds} onChange={(v) => set('segmentIds', v)} searchable error={error('segmentIds')} data-testid="campaign-segments" />
          </Section>
          <Section title={text.sender}>
            <Select label={text.chooseSender} data={choices.senders} value={form.senderId} onChange={(v) => set('senderId', v)} clearable error={error('senderId')} data-testid="campaign-sender" />
            <Text size="sm" c="dimmed">
              {text.orTyped}
            </Text>
            <Group grow align="flex-start">
              <TextInput label={text.fromName} value={form.fromName} onChange={(e) => set('fromName', e.currentTarget.value)} error={error('fromName')} data-testid="campaign-from-name" />
              <TextInput label={text.fromAddress} value={form.fromAddress} onChange={(e) => set('fromAddress', e.currentTarget.value)} error={error('fromAddress')} data-testid="campaign-from-address" />
            </Group>
            <TextInput label={text.replyTo} value={form.replyTo} onChange={(e) => set('replyTo', e.currentTarget.value)} error={error('replyTo')} />
          </Section>
          <Section title={text.content}>
            {ab && form.abTestOn === 'content' ? (
              <Text size="sm" c="dimmed">
                {kindText.templateInVariants}
              </Text>
            ) : (
              <Select label={text.template} data={choices.templates} value={form.templateId} onChange={(v) => set('templateId', v)} searchable error={error('templateId')} data-testid="campaign-template" />
            )}
            {ab && form.abTestOn === 'subject' ? (
              <Text size="sm" c="dimmed">
                {kindText.subjectInVariants}
              </Text>
            ) : (
              <TextInput label={text.subject} value={form.subject} onChange={(e) => set('subject', e.currentTarget.value)} error={error('subject')} data-testid="campaign-subject" />
            )}
            <TextInput label={text.previewText} value={form.previewText} onChange={(e) => set('previewText', e.currentTarget.value)} />
          </Section>
          {ab ? <AbSection form={form} set={set} errors={shown} templates={choices.templates} winner={campaign.abWinner} /> : null}
          {form.kind === 'RSS Feed' ? <RssSection form={form} set={set} errors={shown} /> : null}
          {form.kind === 'Poll' ? (
            <PollSection value={form.pollExpiresAt} onChange={(v) => set('pollExpiresAt', v)} zone={zone} minDate={today} error={error('pollExpiresAt')} />
          ) : null}
          <Section title={text.settings}>
            <Switch label={text.excludeUtm} checked={form.excludeSystemUtm} onChange={(e) => set('excludeSystemUtm', e.currentTarget.checked)} />
          </Section>
          <ResendSection
            form={form}
            set={set}
            errors={shown}
            statuses={{ resendUnopened: campaign.resendUnopenedStatus, resendUnclicked: campaign.resendUnclickedStatus }}
          />
          <Section title={text.schedule}>
            <DateTimeField
              label={kindText.scheduleAt}
              value={form.scheduledAt}
              onChange={(v) => set('scheduledAt', v)}
              zone={zone}
              minDate={today}
              error={error('scheduledAt')}
              testId="campaign-schedule"
            />
            <Switch label={text.recipientZone} checked={form.sendInRecipientZone} onChange={(e) => set('sendInRecipientZone', e.currentTarget.checked)} />
          </Section>
          <Group justify="space-between">
            <Text size="xs" c="dimmed" data-testid="campaign-autosaved">
              {autosavedAt ? `${text.autosaved} ${autosavedAt}` : ''}
            </Text>
            <Group>
              <Button variant="default" onClick={() => save('draftSave')} data-testid="campaign-save">
                {text.saveDraft}
              </Button>
              <Button variant="default" onClick={() => save('draftSaveAndReload')} data-testid="campaign-save-reload">
                {text.saveAndReload}
              </Button>
              <Button variant="default" onClick={() => checked(saveErrors(form), () => setTesting(true))} data-testid="campaign-test">
                {text.sendTest}
              </Button>
              <Button variant="light" onClick={() => checked(sendErrors(form, { now, startingNow: false }), () => void send('schedule'))} data-testid="campaign-schedule-send">
                {text.scheduleAction}
              </Button>
              <Button onClick={() => checked(sendErrors(form, { now, startingNow: true }), () => setConfirmNow(true))} data-testid="campaign-send-now">
                {text.sendNow}
              </Button>
            </Group>
          </Group>
        </Stack>
      </fieldset>
      <Modal opened={testing} onClose={() => setTesting(false)} title={text.sendTest} centered>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            const emails = testEmails.split(/[,;\s]+/).filter(Boolean);
            void run(
              async () => {
                await saveCampaign(campaign.id, changesOf(form), 'draftSave');
                return sendCampaignTest(campaign.id, emails);
              },
              text.testSent,
              () => setTesting(false),
            );
          }}
        >
          <Stack>
            <Textarea label={text.testEmails} value={testEmails} onChange={(e) => setTestEmails(e.currentTarget.value)} error={error('emails')} data-autofocus data-testid="campaign-test-emails" />
            <DialogActions onCancel={() => setTesting(false)} busy={busy} confirmLabel={text.sendTest} testId="campaign-test-send" />
          </Stack>
        </form>
      </Modal>
      <ConfirmDialog
        opened={confirmNow}
        title={text.sendNowTitle}
        message={text.sendNowConfirm(form.name)}
        busy={busy}
        onConfirm={() => {
          setConfirmNow(false);
          void send('now');
        }}
        onCancel={() => setConfirmNow(false)}
      />
    </>
  );
}
