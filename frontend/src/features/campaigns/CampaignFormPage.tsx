import { Alert, Anchor, Button, Group, Modal, MultiSelect, Paper, Select, Skeleton, Stack, Switch, Text, TextInput, Textarea, Title } from '@mantine/core';
import { IconArrowLeft, IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DialogActions } from '../../components/DialogActions';
import { PageHeader } from '../../components/PageHeader';
import { StatusBadge } from '../../components/StatusBadge';
import { useRemote } from '../../components/list/useRemote';
import { paths } from '../../config/paths';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { toastError } from '../../lib/toast-error';
import {
  campaignChoices,
  createCampaign,
  getCampaign,
  saveCampaign,
  sendCampaign,
  sendCampaignTest,
  type Campaign,
  type CampaignChanges,
  type SendWhen,
} from './api';
import { campaignMessages as text } from './messages';

const EDITABLE = ['Draft', 'Published', 'Unpublished', 'Scheduled'];
const AUTOSAVE_MS = 3000;

interface Form {
  name: string;
  campaignTypeId: string | null;
  groupIds: string[];
  segmentIds: string[];
  senderId: string | null;
  fromName: string;
  fromAddress: string;
  replyTo: string;
  templateId: string | null;
  subject: string;
  previewText: string;
  excludeSystemUtm: boolean;
  scheduledAt: string; // the client's wall-clock time, as a datetime-local input holds it
  sendInRecipientZone: boolean;
}

function formOf(c: Campaign): Form {
  return {
    name: c.name,
    campaignTypeId: c.campaignTypeId === null ? null : String(c.campaignTypeId),
    groupIds: c.groupIds.map(String),
    segmentIds: c.segmentIds.map(String),
    senderId: c.senderId === null ? null : String(c.senderId),
    fromName: c.fromName,
    fromAddress: c.fromAddress,
    replyTo: c.replyTo,
    templateId: c.templateId === null ? null : String(c.templateId),
    subject: c.subject,
    previewText: c.previewText,
    excludeSystemUtm: c.excludeSystemUtm,
    // answered in the client's zone with its offset: the first 16 characters are its wall clock
    scheduledAt: c.scheduledAt ? c.scheduledAt.slice(0, 16) : '',
    sendInRecipientZone: c.sendInRecipientZone,
  };
}

/** "UTC-05:00": the client's offset now, which the schedule is read in. */
function zoneLabel(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

const id = (value: string | null) => (value === null ? null : Number(value));

function changesOf(form: Form): CampaignChanges {
  return {
    name: form.name,
    campaignTypeId: id(form.campaignTypeId),
    groupIds: form.groupIds.map(Number),
    segmentIds: form.segmentIds.map(Number),
    senderId: id(form.senderId),
    fromName: form.fromName,
    fromAddress: form.fromAddress,
    replyTo: form.replyTo,
    templateId: id(form.templateId),
    subject: form.subject,
    previewText: form.previewText,
    excludeSystemUtm: form.excludeSystemUtm,
    scheduledAt: form.scheduledAt ? `${form.scheduledAt}:00` : null,
    sendInRecipientZone: form.sendInRecipientZone,
  };
}

/** Create Campaign (spec 2.4 /createcampaign): details first, then audience, sender, content, settings and schedule of ?id=. */
export default function CampaignFormPage() {
  const [searchParams] = useSearchParams();
  const raw = searchParams.get('id');
  const campaignId = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  const loaded = useRemote(
    async (signal) => ({ choices: await campaignChoices(signal), campaign: campaignId === null ? null : await getCampaign(campaignId, signal) }),
    String(campaignId),
  );
  const back = (
    <Anchor component={Link} to={paths.home.href()} size="sm">
      <Group gap={4}>
        <IconArrowLeft size={16} aria-hidden />
        {text.backToList}
      </Group>
    </Anchor>
  );
  if (!loaded.data) return <Stack>{back}{loaded.error ? <Alert color="red">{loaded.error}</Alert> : <Skeleton h={300} />}</Stack>;
  const { choices, campaign } = loaded.data;
  return (
    <Stack>
      {back}
      {campaign ? <CampaignEditor key={campaign.id} campaign={campaign} choices={choices} reload={loaded.reload} /> : <NewCampaign types={choices.types} />}
    </Stack>
  );
}

type Choices = Awaited<ReturnType<typeof campaignChoices>>;

function NewCampaign({ types }: { types: Choices['types'] }) {
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [typeId, setTypeId] = useState<string | null>(types[0]?.value ?? null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  const create = async () => {
    setBusy(true);
    try {
      const created = await createCampaign({ name, campaignTypeId: id(typeId) });
      navigate(`/createcampaign?id=${created.id}`, { replace: true });
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.errors);
      toastError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <PageHeader title={text.createCampaign} description={text.newIntro} />
      <Paper withBorder p="md" maw={560}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void create();
          }}
        >
          <Stack>
            <TextInput label={text.campaignName} value={name} onChange={(e) => setName(e.currentTarget.value)} error={errors.name?.[0]} data-testid="campaign-name" />
            <Select label={text.campaignType} data={types} value={typeId} onChange={setTypeId} error={errors.campaignTypeId?.[0]} data-testid="campaign-type" />
            <Group justify="flex-end">
              <Button type="submit" loading={busy} data-testid="campaign-create">
                {text.create}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </>
  );
}

function CampaignEditor({ campaign, choices, reload }: { campaign: Campaign; choices: Choices; reload: () => void }) {
  const navigate = useNavigate();
  const { status } = useSession();
  const [form, setForm] = useState<Form>(() => formOf(campaign));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [autosavedAt, setAutosavedAt] = useState<string | null>(null);
  const [testing, setTesting] = useState(false);
  const [testEmails, setTestEmails] = useState('');
  const [confirmNow, setConfirmNow] = useState(false);
  const editable = EDITABLE.includes(campaign.status);
  const latest = useRef(form);
  latest.current = form;
  const zone = zoneLabel(status?.timeZoneMinutes ?? 0);

  const set = <K extends keyof Form>(key: K, value: Form[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    setDirty(true);
  };
  const error = (key: string) => errors[key]?.[0];

  // Autosave (spec 4): a quiet save a few seconds after the last change.
  useEffect(() => {
    if (!dirty || !editable) return;
    const timer = window.setTimeout(() => {
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
      if (failure instanceof ApiError) setErrors(failure.errors);
      toastError(failure);
    } finally {
      setBusy(false);
    }
  };
  const save = (action: 'draftSave' | 'draftSaveAndReload') =>
    run(() => saveCampaign(campaign.id, changesOf(form), action), text.saved, action === 'draftSaveAndReload' ? reload : undefined);
  const send = (when: SendWhen) =>
    run(() => sendCampaign(campaign.id, when, changesOf(form)), when === 'now' ? text.sendingToast : text.scheduledToast, () => navigate(paths.home.href()));

  return (
    <>
      <PageHeader title={text.editCampaign} description={campaign.name} actions={<StatusBadge family="campaign" status={campaign.status} />} />
      {editable ? null : (
        <Alert icon={<IconInfoCircle />} color="gray">
          {text.notEditable}
        </Alert>
      )}
      {campaign.statusMessage ? <Alert color="orange">{campaign.statusMessage}</Alert> : null}
      <fieldset disabled={!editable || busy} style={{ border: 0, padding: 0, margin: 0 }}>
        <Stack maw={760}>
          <Section title={text.details}>
            <TextInput label={text.campaignName} value={form.name} onChange={(e) => set('name', e.currentTarget.value)} error={error('name')} data-testid="campaign-name" />
            <Select label={text.campaignType} data={choices.types} value={form.campaignTypeId} onChange={(v) => set('campaignTypeId', v)} error={error('campaignTypeId')} data-testid="campaign-type" />
          </Section>
          <Section title={text.audience}>
            {error('audience') ? <Text c="red" size="sm">{error('audience')}</Text> : null}
            <MultiSelect label={text.groups} data={choices.groups} value={form.groupIds} onChange={(v) => set('groupIds', v)} searchable error={error('groupIds')} data-testid="campaign-groups" />
            <MultiSelect label={text.segments} data={choices.segments} value={form.segmentIds} onChange={(v) => set('segmentIds', v)} searchable error={error('segmentIds')} data-testid="campaign-segments" />
          </Section>
          <Section title={text.sender}>
            <Select label={text.chooseSender} data={choices.senders} value={form.senderId} onChange={(v) => set('senderId', v)} clearable error={error('senderId')} data-testid="campaign-sender" />
            <Text size="sm" c="dimmed">
              {text.orTyped}
            </Text>
            <Group grow>
              <TextInput label={text.fromName} value={form.fromName} onChange={(e) => set('fromName', e.currentTarget.value)} error={error('fromName')} data-testid="campaign-from-name" />
              <TextInput label={text.fromAddress} value={form.fromAddress} onChange={(e) => set('fromAddress', e.currentTarget.value)} error={error('fromAddress')} data-testid="campaign-from-address" />
            </Group>
            <TextInput label={text.replyTo} value={form.replyTo} onChange={(e) => set('replyTo', e.currentTarget.value)} error={error('replyTo')} />
          </Section>
          <Section title={text.content}>
            <Select label={text.template} data={choices.templates} value={form.templateId} onChange={(v) => set('templateId', v)} searchable error={error('templateId')} data-testid="campaign-template" />
            <TextInput label={text.subject} value={form.subject} onChange={(e) => set('subject', e.currentTarget.value)} error={error('subject')} data-testid="campaign-subject" />
            <TextInput label={text.previewText} value={form.previewText} onChange={(e) => set('previewText', e.currentTarget.value)} />
          </Section>
          <Section title={text.settings}>
            <Switch label={text.excludeUtm} checked={form.excludeSystemUtm} onChange={(e) => set('excludeSystemUtm', e.currentTarget.checked)} />
          </Section>
          <Section title={text.schedule}>
            <TextInput
              type="datetime-local"
              label={text.scheduleAt(zone)}
              value={form.scheduledAt}
              onChange={(e) => set('scheduledAt', e.currentTarget.value)}
              error={error('scheduledAt')}
              data-testid="campaign-schedule"
            />
            <Switch label={text.recipientZone} checked={form.sendInRecipientZone} onChange={(e) => set('sendInRecipientZone', e.currentTarget.checked)} />
          </Section>
          <Group justify="space-between">
            <Text size="xs" c="dimmed" data-testid="campaign-autosaved">
              {autosavedAt ? `${text.autosaved} ${autosavedAt}` : ''}
            </Text>
            <Group>
              <Button variant="default" onClick={() => void save('draftSave')} data-testid="campaign-save">
                {text.saveDraft}
              </Button>
              <Button variant="default" onClick={() => void save('draftSaveAndReload')}>
                {text.saveAndReload}
              </Button>
              <Button variant="default" onClick={() => setTesting(true)} data-testid="campaign-test">
                {text.sendTest}
              </Button>
              <Button variant="light" onClick={() => void send('schedule')} data-testid="campaign-schedule-send">
                {text.scheduleAction}
              </Button>
              <Button onClick={() => setConfirmNow(true)} data-testid="campaign-send-now">
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

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
