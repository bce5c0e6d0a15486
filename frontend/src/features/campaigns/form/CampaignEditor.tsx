import { Alert, Button, Group, Modal, MultiSelect, Select, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import { IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../../api/client';
import { DialogActions } from '../../../components/DialogActions';
import { LeaveGuard } from '../../../components/LeaveGuard';
import { PageHeader } from '../../../components/PageHeader';
import { SenderSetupAnchors } from '../../../components/SenderSetupLinks';
import { StatusBadge } from '../../../components/StatusBadge';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { toastError } from '../../../lib/toast-error';
import {
  getSendSummary,
  saveCampaign,
  sendCampaign,
  sendCampaignTest,
  type Campaign,
  type campaignChoices,
  type CampaignSettings,
  type SaveAction,
  type SendSummary,
  type SendWhen,
} from '../api';
import { shownStatus } from '../shown-status';
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
import { PostalAddressMissing, SendConfirmDialog } from './SendSummaryView';
import { nowIn, zoneLabel, type ClientZone } from './zone';

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

type SenderChoice = Choices['senders'][number];

/** A chosen sender fills Sender Name and Email with its own: one From, never a mix of two senders. */
function withSender(form: CampaignForm, sender: SenderChoice | undefined): CampaignForm {
  return sender ? { ...form, fromName: sender.name, fromAddress: sender.email } : form;
}

/** The form keeps every message of a field (the A/B variants show theirs each beside its variant). */
function fieldErrors(errors: FormErrors): FieldErrors {
  return Object.fromEntries(Object.entries(errors).map(([key, value]) => [key, Array.isArray(value) ? value.map(String) : [String(value)]]));
}

interface EditorProps {
  campaign: Campaign;
  choices: Choices;
  /** The client's global campaign settings: autosave and the preview text field follow them. */
  settings: CampaignSettings;
  reload: () => void;
}

/** The campaign form of ?id=: every part the spec names, checked in the browser first, saved by the server. */
export function CampaignEditor({ campaign, choices, settings, reload }: EditorProps) {
  const navigate = useNavigate();
  const { status } = useSession();
  // The save rules are the form's own validation; a schedule or a send checks more (sendErrors).
  const senderOf = (id: string | null) => choices.senders.find((sender) => sender.value === id);
  const form = useForm<CampaignForm>({ initialValues: withSender(formOf(campaign), senderOf(String(campaign.senderId))), validate: saveErrors });
  const values = form.values;
  const [busy, setBusy] = useState(false);
  const [autosavedAt, setAutosavedAt] = useState<string | null>(null);
  const [testing, setTesting] = useState(false);
  const [testEmails, setTestEmails] = useState('');
  const [confirmNow, setConfirmNow] = useState(false);
  const [summary, setSummary] = useState<SendSummary | null>(null);
  const [focusTick, setFocusTick] = useState(0);
  const fields = useRef<HTMLFieldSetElement>(null);
  const editable = EDITABLE.includes(campaign.status);
  const autosave = editable && settings.autoSaveContent;
  const sent = { previewText: settings.emailPreviewText };
  const zoneName = status?.client.timeZone ?? '';
  const zoneMinutes = status?.timeZoneMinutes ?? 0;
  const zone: ClientZone = useMemo(() => ({ name: zoneName, minutes: zoneMinutes }), [zoneName, zoneMinutes]);
  const now = nowIn(zone);
  const today = now.slice(0, 10);

  const set = <K extends keyof CampaignForm>(key: K, value: CampaignForm[K]) => {
    form.setFieldValue(key, value as never);
    for (const name of ALSO_CLEARS[key] ?? []) form.clearFieldError(name);
  };
  // The dates' rules read at once, while a person picks (spec 5.2, 5.3); the rest on each action.
  const live: FieldErrors = {};
  if (schedulePast(values.scheduledAt, now)) live.scheduledAt = [rule.schedulePast];
  const pollProblem = values.kind === 'Poll' ? pollExpiryProblem(values.pollExpiresAt, values.scheduledAt, now) : null;
  if (pollProblem) live.pollExpiresAt = [pollProblem];
  const shown: FieldErrors = { ...live, ...fieldErrors(form.errors) };
  const error = (key: string) => firstError(shown, key);

  // The first field in error, in the page's order, takes the focus after a refused action (UI.md).
  useEffect(() => {
    if (!focusTick) return;
    fields.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusTick]);
  const refuse = (found: FieldErrors) => {
    form.setErrors(found);
    setFocusTick((tick) => tick + 1);
    toast('error', Object.values(found)[0][0]);
  };

  // Autosave (spec 4), while the client's "auto save content" setting is on: a quiet save a
  // few seconds after the last change, when the save would pass.
  const { isDirty, getValues, resetDirty } = form;
  useEffect(() => {
    if (!autosave || !isDirty()) return;
    const timer = window.setTimeout(() => {
      const saving = getValues();
      if (Object.keys(saveErrors(saving)).length) return;
      saveCampaign(campaign.id, changesOf(saving, { previewText: settings.emailPreviewText }), 'autosave')
        .then(() => {
          resetDirty(saving);
          // On the client's clock, like every other time of the app, not the browser's.
          setAutosavedAt(nowIn(zone).slice(11, 16));
        })
        .catch(() => undefined); // shown by the next explicit save
    }, AUTOSAVE_MS);
    return () => window.clearTimeout(timer);
  }, [values, autosave, isDirty, getValues, resetDirty, campaign.id, settings.emailPreviewText, zone]);

  // What is sent is what the form held when the action started: changes typed meanwhile stay unsaved.
  const run = async (action: () => Promise<unknown>, message: string | null, after?: () => void) => {
    const saving = form.getValues();
    setBusy(true);
    try {
      await action();
      form.clearErrors();
      form.resetDirty(saving);
      if (message) toast('success', message);
      after?.();
    } catch (failure) {
      if (failure instanceof ApiError) {
        form.setErrors(failure.errors);
        setFocusTick((tick) => tick + 1);
      }
      toastError(failure);
    } finally {
      setBusy(false);
    }
  };
  const checked = (found: FieldErrors, go: () => void) => (Object.keys(found).length ? refuse(found) : go());
  const valid = (go: () => void) => {
    const result = form.validate();
    return result.hasErrors ? refuse(fieldErrors(result.errors)) : go();
  };
  const save = (action: SaveAction) =>
    valid(() => void run(() => saveCampaign(campaign.id, changesOf(values, sent), action), text.saved, action === 'draftSaveAndReload' ? reload : undefined));
  const send = (when: SendWhen) =>
    run(() => sendCampaign(campaign.id, when, changesOf(values, sent)), when === 'now' ? text.sendingToast : text.scheduledToast, () => navigate(paths.home.href()));
  // Send Now saves first, then shows what the send will do (recipients, From, the day's allowance) before the last click.
  const confirmSend = () => {
    setSummary(null);
    void run(async () => {
      await saveCampaign(campaign.id, changesOf(values, sent), 'draftSave');
      setConfirmNow(true);
      setSummary(await getSendSummary(campaign.id));
    }, null);
  };
  const pickSender = (id: string | null) => {
    set('senderId', id);
    const sender = senderOf(id);
    if (sender) {
      set('fromName', sender.name);
      set('fromAddress', sender.email);
    }
  };
  const senderChosen = values.senderId !== null;
  const ab = values.kind === 'AB';

  return (
    <>
      <LeaveGuard isDirty={isDirty} />
      <PageHeader title={text.editCampaign} description={campaign.name} actions={<StatusBadge family="campaign" status={shownStatus(campaign, Date.now())} />} />
      {editable ? null : (
        <Alert icon={<IconInfoCircle />} color="gray">
          {text.notEditable}
        </Alert>
      )}
      {campaign.statusMessage ? <Alert color="orange">{campaign.statusMessage}</Alert> : null}
      {editable && !settings.postalAddress ? <PostalAddressMissing message={text.postalMissing} /> : null}
      <fieldset ref={fields} disabled={!editable || busy} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack maw={760}>
          <Section title={text.details}>
            <TextInput label={text.campaignName} value={values.name} onChange={(e) => set('name', e.currentTarget.value)} error={error('name')} data-testid="campaign-name" />
            <Select label={text.campaignType} description={text.campaignTypeHint} data={choices.types} value={values.campaignTypeId} onChange={(v) => set('campaignTypeId', v)} error={error('campaignTypeId')} data-testid="campaign-type" />
            <KindChoice value={values.kind} onChange={(kind) => set('kind', kind)} />
          </Section>
          <Section title={text.audience}>
            {error('audience') ? (
              <Text c="red" size="sm" role="alert">
                {error('audience')}
              </Text>
            ) : null}
            <MultiSelect label={text.groups} data={choices.groups} value={values.groupIds} onChange={(v) => set('groupIds', v)} searchable error={error('groupIds')} data-testid="campaign-groups" />
            <MultiSelect label={text.segments} data={choices.segments} value={values.segmentIds} onChange={(v) => set('segmentIds', v)} searchable error={error('segmentIds')} data-testid="campaign-segments" />
          </Section>
          <Section title={text.sender}>
            <Select label={text.chooseSender} data={choices.senders} value={values.senderId} onChange={pickSender} clearable error={error('senderId')} data-testid="campaign-sender" />
            <Text size="sm" c="dimmed">
              {text.orTyped} <SenderSetupAnchors />
            </Text>
            <Group grow align="flex-start">
              <TextInput
                label={text.fromName}
                value={values.fromName}
                onChange={(e) => set('fromName', e.currentTarget.value)}
                readOnly={senderChosen}
                error={error('fromName')}
                data-testid="campaign-from-name"
              />
              <TextInput
                label={text.fromAddress}
                value={values.fromAddress}
                onChange={(e) => set('fromAddress', e.currentTarget.value)}
                readOnly={senderChosen}
                error={error('fromAddress')}
                data-testid="campaign-from-address"
              />
            </Group>
            {senderChosen ? (
              <Text size="xs" c="dimmed">
                {text.senderChosenHint}
              </Text>
            ) : null}
            <TextInput label={text.replyTo} value={values.replyTo} onChange={(e) => set('replyTo', e.currentTarget.value)} error={error('replyTo')} />
          </Section>
          <Section title={text.content}>
            {ab && values.abTestOn === 'content' ? (
              <Text size="sm" c="dimmed">
                {kindText.templateInVariants}
              </Text>
            ) : (
              <Select label={text.template} data={choices.templates} value={values.templateId} onChange={(v) => set('templateId', v)} searchable error={error('templateId')} data-testid="campaign-template" />
            )}
            {ab && values.abTestOn === 'subject' ? (
              <Text size="sm" c="dimmed">
                {kindText.subjectInVariants}
              </Text>
            ) : (
              <TextInput label={text.subject} value={values.subject} onChange={(e) => set('subject', e.currentTarget.value)} error={error('subject')} data-testid="campaign-subject" />
            )}
            {settings.emailPreviewText ? (
              <TextInput label={text.previewText} value={values.previewText} onChange={(e) => set('previewText', e.currentTarget.value)} data-testid="campaign-preview-text" />
            ) : null}
          </Section>
          {ab ? <AbSection form={values} set={set} errors={shown} templates={choices.templates} winner={campaign.abWinner} /> : null}
          {values.kind === 'RSS Feed' ? <RssSection form={values} set={set} errors={shown} /> : null}
          {values.kind === 'Poll' ? (
            <PollSection value={values.pollExpiresAt} onChange={(v) => set('pollExpiresAt', v)} zone={zone} minDate={today} error={error('pollExpiresAt')} />
          ) : null}
          <Section title={text.settings}>
            <Switch label={text.isWarmup} description={text.isWarmupHint} checked={values.isWarmup} onChange={(e) => set('isWarmup', e.currentTarget.checked)} data-testid="campaign-warmup" />
            <Switch label={text.excludeUtm} description={text.excludeUtmHint} checked={values.excludeSystemUtm} onChange={(e) => set('excludeSystemUtm', e.currentTarget.checked)} />
          </Section>
          <ResendSection
            form={values}
            set={set}
            errors={shown}
            statuses={{ resendUnopened: campaign.resendUnopenedStatus, resendUnclicked: campaign.resendUnclickedStatus }}
          />
          <Section title={text.schedule}>
            <DateTimeField
              label={kindText.scheduleAt}
              value={values.scheduledAt}
              onChange={(v) => set('scheduledAt', v)}
              zone={zone}
              minDate={today}
              error={error('scheduledAt')}
              testId="campaign-schedule"
            />
            <Switch label={text.recipientZone} checked={values.sendInRecipientZone} onChange={(e) => set('sendInRecipientZone', e.currentTarget.checked)} />
          </Section>
          <Group justify="space-between">
            <Text size="xs" c="dimmed" data-testid="campaign-autosaved">
              {autosave ? (autosavedAt ? text.autosavedAt(autosavedAt, zoneLabel(zone, null)) : '') : text.autosaveOff}
            </Text>
            <Group>
              <Button variant="default" onClick={() => save('draftSave')} data-testid="campaign-save">
                {text.saveDraft}
              </Button>
              <Button variant="default" onClick={() => save('draftSaveAndReload')} data-testid="campaign-save-reload">
                {text.saveAndReload}
              </Button>
              <Button variant="default" onClick={() => valid(() => setTesting(true))} data-testid="campaign-test">
                {text.sendTest}
              </Button>
              <Button variant="light" onClick={() => checked(sendErrors(values, { now, startingNow: false }), () => void send('schedule'))} data-testid="campaign-schedule-send">
                {text.scheduleAction}
              </Button>
              <Button onClick={() => checked(sendErrors(values, { now, startingNow: true }), confirmSend)} data-testid="campaign-send-now">
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
                await saveCampaign(campaign.id, changesOf(values, sent), 'draftSave');
                return sendCampaignTest(campaign.id, emails);
              },
              text.testSent,
              () => setTesting(false),
            );
          }}
        >
          <Stack>
            {settings.postalAddress ? null : <PostalAddressMissing message={text.postalMissingTest} />}
            <Text size="sm" c="dimmed">
              {text.testFrom} <SenderSetupAnchors />
            </Text>
            <Textarea label={text.testEmails} value={testEmails} onChange={(e) => setTestEmails(e.currentTarget.value)} error={error('emails')} data-autofocus data-testid="campaign-test-emails" />
            <DialogActions onCancel={() => setTesting(false)} busy={busy} confirmLabel={text.sendTest} testId="campaign-test-send" />
          </Stack>
        </form>
      </Modal>
      <SendConfirmDialog
        opened={confirmNow}
        campaignName={values.name}
        summary={summary}
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
