import {
  ActionIcon,
  Alert,
  Button,
  Code,
  Container,
  CopyButton,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconAt, IconCheck, IconCopy, IconPlus, IconRefresh, IconTrash, IconWorldWww } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { BackToCampaigns } from '../../components/BackToCampaigns';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { FeatureGate } from '../../components/FeatureGate';
import { PageHeader } from '../../components/PageHeader';
import { StatusBadge } from '../../components/StatusBadge';
import { queryKeys, useApiQuery, useInvalidate } from '../../api/query';
import { ApiError } from '../../api/client';
import { formatClientDateTime } from '../../lib/format';
import { decodeAccess } from '../../lib/access';
import { SessionProvider, useSession, type Session } from '../../lib/session';
import { getStatus } from '../../api/status';
import { toast } from '../../lib/toast';
import { toastError } from '../../lib/toast-error';
import {
  addDomain,
  deleteDomain,
  deleteTrackingDomain,
  listDomains,
  saveTrackingDomain,
  verifyDomain,
  type DnsRecord,
  type DomainList,
  type SenderDomain,
} from './api';
import { DkimRolloverPanel } from './DkimRolloverPanel';
import { senderMessages as text } from './messages';

function Copyable({ value, what }: { value: string; what: string }) {
  return (
    <Group gap={4} wrap="nowrap" align="flex-start">
      <Code style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>{value}</Code>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? text.copied : text.copy(what)} withArrow>
            <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} aria-label={text.copy(what)} onClick={copy}>
              {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}

function RecordRow({ record }: { record: DnsRecord }) {
  return (
    <Table.Tr data-testid={`record-${record.key}`}>
      <Table.Td>
        <Text size="sm" fw={500}>
          {record.kind}
        </Text>
        <Text size="xs" c="dimmed">
          {record.type}
          {record.required ? '' : ` (${text.optional})`}
        </Text>
      </Table.Td>
      <Table.Td>
        <Copyable value={record.host} what={`${record.kind} host`} />
      </Table.Td>
      <Table.Td>
        <Copyable value={record.value} what={`${record.kind} value`} />
      </Table.Td>
      <Table.Td>
        <StatusBadge family="dnsRecord" status={record.status} />
        {record.error && (
          <Text size="xs" c="red.8" mt={4} data-testid={`record-error-${record.key}`}>
            {record.error}
          </Text>
        )}
        {record.status !== 'verified' && record.found.length > 0 && (
          <Text size="xs" c="dimmed" mt={2} style={{ wordBreak: 'break-all' }}>
            {text.found(record.found.join(', '))}
          </Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

interface DomainCardProps {
  domain: SenderDomain;
  timeZoneMinutes: number;
  onChanged: () => void;
  onDelete: (domain: SenderDomain) => void;
}

function DomainCard({ domain, timeZoneMinutes, onChanged, onDelete }: DomainCardProps) {
  const [checking, setChecking] = useState(false);
  const verify = async () => {
    setChecking(true);
    try {
      const answer = await verifyDomain(domain.id);
      // A failure is shown beside the records (the alert and each record's state), not in a
      // toast over the page's actions.
      if (answer.status === 'verified') toast('success', text.verified);
      onChanged();
    } catch (error) {
      toastError(error);
    } finally {
      setChecking(false);
    }
  };
  return (
    <Paper withBorder p="md" radius="md" data-testid={`domain-${domain.name}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="sm">
            <Title order={2} size="h3">
              {domain.name}
            </Title>
            <StatusBadge family="senderDomain" status={domain.status} />
            <Text size="sm" c="dimmed">
              {text.sendersCount(domain.senders)}
            </Text>
          </Group>
          <FeatureGate adminOnly>
            <Group gap="xs" wrap="nowrap">
              <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={() => onDelete(domain)}>
                {text.delete}
              </Button>
              <Button leftSection={<IconRefresh size={16} />} loading={checking} onClick={() => void verify()} data-testid={`verify-${domain.name}`}>
                {domain.checkedAt ? text.reverify : text.verify}
              </Button>
            </Group>
          </FeatureGate>
        </Group>
        <Text size="sm" c="dimmed">
          {domain.checkedAt ? text.lastChecked(formatClientDateTime(domain.checkedAt, timeZoneMinutes)) : text.neverChecked}
        </Text>
        {domain.error && (
          <Alert color="red" data-testid={`domain-error-${domain.name}`}>
            {domain.error}
          </Alert>
        )}
        <DkimRolloverPanel domain={domain} onChanged={onChanged} />
        <Table.ScrollContainer minWidth={800}>
          <Table verticalSpacing="sm" aria-label={`${text.records}: ${domain.name}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={170}>{text.recordType}</Table.Th>
                <Table.Th w={260}>{text.recordHost}</Table.Th>
                <Table.Th>{text.recordValue}</Table.Th>
                <Table.Th w={190}>{text.recordStatus}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {domain.records.map((record) => (
                <RecordRow key={record.key} record={record} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Text size="xs" c="dimmed">
          {text.spfHint}
        </Text>
      </Stack>
    </Paper>
  );
}

type TrackingPending = NonNullable<DomainList['trackingPending']>;

function TrackingDomainPanel({
  current,
  pending,
  target,
  onChanged,
}: {
  current: string | null;
  pending: TrackingPending | null;
  target: string;
  onChanged: () => void;
}) {
  const [name, setName] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    setError('');
    try {
      await saveTrackingDomain(name.trim());
      toast('success', text.trackingSaved);
      setName('');
      onChanged();
    } catch (failure) {
      if (failure instanceof ApiError) setError(failure.errors.name?.[0] ?? failure.message);
      toastError(failure);
      onChanged(); // a first attempt makes the TXT record to publish
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    try {
      await deleteTrackingDomain();
      toast('success', text.trackingRemoved);
      onChanged();
    } catch (failure) {
      toastError(failure);
    }
  };
  return (
    <Paper withBorder p="md" radius="md" data-testid="tracking-domain">
      <Stack gap="sm">
        <Title order={2} size="h3">
          {text.trackingTitle}
        </Title>
        <Text size="sm">{text.trackingIntro(target)}</Text>
        {pending && (
          <Alert color="yellow" title={text.trackingPendingTitle(pending.name)} data-testid="tracking-pending">
            <Stack gap={4}>
              <Text size="sm">{text.trackingPendingIntro}</Text>
              <Copyable value={pending.txtHost} what={text.trackingTxtHost} />
              <Copyable value={pending.txtValue} what={text.trackingTxtValue} />
            </Stack>
          </Alert>
        )}
        <Group gap="xs">
          <Text size="sm" fw={500} data-testid="tracking-current">
            {current ? text.trackingCurrent(current) : text.trackingNone}
          </Text>
          {current && (
            <FeatureGate adminOnly>
              <Button variant="subtle" color="red" size="xs" onClick={() => void remove()}>
                {text.trackingRemove}
              </Button>
            </FeatureGate>
          )}
        </Group>
        <FeatureGate adminOnly disable>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void save();
            }}
          >
            <Group align="flex-end">
              <TextInput
                label={text.trackingName}
                placeholder={text.trackingPlaceholder}
                value={name}
                error={error || undefined}
                onChange={(event) => setName(event.currentTarget.value)}
                w={360}
                data-testid="tracking-name"
              />
              <Button type="submit" variant="light" loading={busy} disabled={!name.trim()}>
                {text.trackingSave}
              </Button>
            </Group>
          </form>
        </FeatureGate>
      </Stack>
    </Paper>
  );
}

/** Email Domain Setup (/emailDomainSetupPage): sender domains, their DNS records, and the tracking domain. */
function DomainSetupScreen() {
  const { status } = useSession();
  const domains = useApiQuery(queryKeys.list('senderDomains'), (signal) => listDomains(signal));
  const invalidate = useInvalidate();
  // A domain's state decides which senders can send, so both lists follow it.
  const changed = () => void invalidate('senderDomains', 'senders');
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState('');
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<SenderDomain | null>(null);
  const [deletingBusy, setDeletingBusy] = useState(false);

  const add = async () => {
    setAdding(true);
    setNameError('');
    try {
      await addDomain(name.trim());
      toast('success', text.domainAdded);
      setName('');
      changed();
    } catch (error) {
      if (error instanceof ApiError) setNameError(error.errors.name?.[0] ?? '');
      toastError(error);
    } finally {
      setAdding(false);
    }
  };

  const remove = async () => {
    if (!deleting) return;
    setDeletingBusy(true);
    try {
      await deleteDomain(deleting.id);
      toast('success', text.domainDeleted);
      setDeleting(null);
      changed();
    } catch (error) {
      toastError(error);
    } finally {
      setDeletingBusy(false);
    }
  };

  const items = domains.data?.items ?? [];
  return (
    <Container size="xl" py="md">
      <Stack>
        <BackToCampaigns />
        <PageHeader
          title={text.domainsTitle}
          description={text.domainsIntro}
          actions={
            <Button component={Link} to="/senderList" variant="subtle" leftSection={<IconAt size={16} />}>
              {text.sendersLink}
            </Button>
          }
        />
        <FeatureGate adminOnly disable>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void add();
            }}
          >
            <Group align="flex-end">
              <TextInput
                label={text.domainName}
                placeholder={text.domainPlaceholder}
                value={name}
                error={nameError || undefined}
                onChange={(event) => setName(event.currentTarget.value)}
                w={360}
                data-testid="domain-name"
              />
              <Button type="submit" leftSection={<IconPlus size={16} />} loading={adding} disabled={!name.trim()} data-testid="add-domain">
                {text.addDomain}
              </Button>
            </Group>
          </form>
        </FeatureGate>
        {domains.error && <Alert color="red">{domains.error}</Alert>}
        {domains.loading && !domains.data && (
          <Stack>
            <Skeleton height={40} />
            <Skeleton height={220} />
          </Stack>
        )}
        {domains.data && items.length === 0 && (
          <Paper withBorder radius="md">
            <EmptyState icon={<IconWorldWww />} title={text.domainsEmpty} description={text.domainsEmptyHint} />
          </Paper>
        )}
        {items.map((domain) => (
          <DomainCard
            key={domain.id}
            domain={domain}
            timeZoneMinutes={status?.timeZoneMinutes ?? 0}
            onChanged={changed}
            onDelete={setDeleting}
          />
        ))}
        {domains.data && (
          <TrackingDomainPanel
            current={domains.data.trackingDomain ?? null}
            pending={domains.data.trackingPending ?? null}
            target={domains.data.trackingCnameTarget}
            onChanged={changed}
          />
        )}
        <ConfirmDialog
          opened={deleting !== null}
          title={text.deleteDomainTitle}
          message={deleting ? text.deleteDomainConfirm(deleting.name) : ''}
          busy={deletingBusy}
          onConfirm={() => void remove()}
          onCancel={() => setDeleting(null)}
        />
      </Stack>
    </Container>
  );
}

/**
 * The route is public in spec 2.4, so startup makes no status call for it. Opened on its own
 * (a bookmark, a new tab), the page asks who is signed in, so its gates show what this person
 * may do rather than greying everything out.
 */
export default function DomainSetupPage() {
  const session = useSession();
  const [own, setOwn] = useState<Session | null>(null);
  useEffect(() => {
    if (session.status) return;
    let live = true;
    getStatus(null)
      .then((status) => {
        if (live && status.status === 'success') setOwn({ status, access: decodeAccess(status.accessControl) });
      })
      .catch(() => undefined); // not signed in: the list call says so
    return () => {
      live = false;
    };
  }, [session.status]);
  return (
    <SessionProvider value={session.status ? session : (own ?? session)}>
      <DomainSetupScreen />
    </SessionProvider>
  );
}
