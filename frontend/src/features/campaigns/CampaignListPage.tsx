import { ActionIcon, Anchor, Button, Group, Menu, Select, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { IconChartBar, IconDots, IconMail, IconPlayerPause, IconPlayerPlay, IconPlus, IconSearch, IconSettings, IconTrash } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router-dom';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { StatusBadge } from '../../components/StatusBadge';
import { DataTable } from '../../components/list/DataTable';
import { ListFooter } from '../../components/list/ListFooter';
import { SortableTh } from '../../components/list/SortableTh';
import { useCrudActions } from '../../components/list/useCrudActions';
import { useListQuery } from '../../components/list/useListQuery';
import { useRemote } from '../../components/list/useRemote';
import { paths } from '../../config/paths';
import { formatClientDateTime, formatNumber } from '../../lib/format';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { toastError } from '../../lib/toast-error';
import {
  deleteCampaign,
  listCampaigns,
  pauseCampaign,
  resumeCampaign,
  type CampaignKind,
  type CampaignRow,
  type CampaignSortField,
  type CampaignStatus,
} from './api';
import { CampaignSettingsDrawer } from './CampaignSettingsDrawer';
import { shownStatus } from './shown-status';
import { campaignMessages as text } from './messages';

const STATUSES: CampaignStatus[] = ['Draft', 'Scheduled', 'Sending', 'Paused', 'Sent', 'Failed', 'Published', 'Unpublished'];
const KINDS: CampaignKind[] = ['Regular', 'AB', 'Workflow', 'MailChimp', 'RSS Feed', 'Poll', 'Re-Engmt'];

type Filters = { status?: CampaignStatus; type?: CampaignKind };

interface RowActionsProps {
  campaign: CampaignRow;
  shown: string;
  onPause: () => void;
  onResume: () => void;
  onDelete: () => void;
}

/** A row's other actions in a menu at its end (UI.md), so the row fits from 1024 px wide. */
function RowActions({ campaign, shown, onPause, onResume, onDelete }: RowActionsProps) {
  const pausable = shown === 'Scheduled' || shown === 'Sending';
  const deletable = shown !== 'Sending';
  if (!pausable && campaign.status !== 'Paused' && !deletable) return null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={text.rowActions(campaign.name)} data-testid={`campaign-actions-${campaign.id}`}>
          <IconDots size={18} stroke={1.75} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {pausable ? (
          <Menu.Item leftSection={<IconPlayerPause size={16} />} onClick={onPause}>
            {text.pause}
          </Menu.Item>
        ) : null}
        {campaign.status === 'Paused' ? (
          <Menu.Item leftSection={<IconPlayerPlay size={16} />} onClick={onResume}>
            {text.resume}
          </Menu.Item>
        ) : null}
        {deletable ? (
          <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={onDelete}>
            {text.delete}
          </Menu.Item>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
}

/** "12 (4.8%)": people, and their share of the messages sent. */
function withRate(people: number, sent: number): string {
  if (!sent) return formatNumber(people);
  return `${formatNumber(people)} (${((people / sent) * 100).toFixed(1)}%)`;
}

/** Campaigns (spec 2.1 /campaignListView, and /campaignList): the grid of every campaign, with
 * status, type and counts; `intro` (the home screen's panel) sits under the page header. */
export default function CampaignListPage({ intro }: { intro?: ReactNode }) {
  const { status } = useSession();
  const list = useListQuery<CampaignSortField, Filters>({ sort: '-updatedAt' });
  const campaigns = useRemote((signal) => listCampaigns(list.params, signal), JSON.stringify(list.params));
  const crud = useCrudActions<CampaignRow>({
    reload: campaigns.reload,
    deleteItem: (campaign) => deleteCampaign(campaign.id),
    deletedMessage: text.deleted,
    confirmMessage: (campaign) => text.deleteConfirm(campaign.name),
  });
  const [pausing, setPausing] = useState<CampaignRow | null>(null);
  const [busy, setBusy] = useState(false);
  // ?settings=open: where a screen that needs a setting (the postal address) links to.
  const [searchParams] = useSearchParams();
  const [settingsOpen, setSettingsOpen] = useState(() => searchParams.get('settings') === 'open');
  const zoneMinutes = status?.timeZoneMinutes ?? 0;
  const filtered = Boolean(list.params.search || list.filters.status || list.filters.type);

  const act = async (action: () => Promise<unknown>, message: string) => {
    setBusy(true);
    try {
      await action();
      toast('success', message);
      setPausing(null);
      campaigns.reload();
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack>
      <PageHeader
        title={text.listTitle}
        description={text.listIntro}
        actions={
          <>
            <Button variant="subtle" leftSection={<IconSettings size={16} aria-hidden />} onClick={() => setSettingsOpen(true)} data-testid="campaign-settings-open">
              {text.settingsTitle}
            </Button>
            <Button component={Link} to={paths.campaignKinds.href()} leftSection={<IconPlus size={16} />} data-testid="create-campaign">
              {text.createCampaign}
            </Button>
          </>
        }
      />
      {intro}
      <Group align="end">
        <TextInput
          label={text.search}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={list.search}
          onChange={(event) => list.setSearch(event.currentTarget.value)}
          w={260}
          data-testid="campaign-search"
        />
        <Select
          label={text.status}
          placeholder={text.anyStatus}
          data={STATUSES}
          value={list.filters.status ?? null}
          onChange={(value) => list.setFilter('status', value as CampaignStatus | null)}
          clearable
          w={180}
          data-testid="campaign-status-filter"
        />
        <Select
          label={text.type}
          placeholder={text.anyType}
          data={KINDS}
          value={list.filters.type ?? null}
          onChange={(value) => list.setFilter('type', value as CampaignKind | null)}
          clearable
          w={180}
          data-testid="campaign-type-filter"
        />
      </Group>
      <DataTable
        testId="campaigns-table"
        highlightOnHover
        loading={campaigns.loading}
        error={campaigns.error}
        columnCount={8}
        minWidth={640}
        horizontalSpacing={6}
        head={
          <>
            <SortableTh label={text.name} field="name" sort={list.sort} onSort={list.toggleSort} />
            <SortableTh label={text.type} field="type" sort={list.sort} onSort={list.toggleSort} />
            <SortableTh label={text.status} field="status" sort={list.sort} onSort={list.toggleSort} />
            <SortableTh label={text.scheduled} field="scheduledAt" sort={list.sort} onSort={list.toggleSort} />
            <Table.Th>{text.recipients}</Table.Th>
            <Table.Th>{text.opened}</Table.Th>
            <Table.Th>{text.clicked}</Table.Th>
            <Table.Th style={{ whiteSpace: 'nowrap' }}>{text.actions}</Table.Th>
          </>
        }
        empty={
          filtered ? (
            <EmptyState icon={<IconSearch />} title={text.noMatches} description={text.noMatchesHint} testId="campaigns-no-match" />
          ) : (
            <EmptyState icon={<IconMail />} title={text.empty} description={text.emptyHint} testId="campaigns-empty" />
          )
        }
        rows={campaigns.data?.items ?? []}
        renderRow={(campaign) => {
          const shown = shownStatus(campaign, Date.now());
          return (
            <Table.Tr key={campaign.id} data-testid={`campaign-row-${campaign.id}`}>
              <Table.Td>
                <Anchor component={Link} to={paths.campaignForm.href(campaign.id)} fw={500}>
                  {campaign.name}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{campaign.type}</Text>
                {campaign.campaignType ? (
                  <Text size="xs" c="dimmed" data-testid="campaign-category">
                    {campaign.campaignType.name}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                <Stack gap={2} align="flex-start">
                  <StatusBadge family="campaign" status={shown} />
                  {campaign.statusMessage ? (
                    <Text size="xs" c="dimmed" maw={160} style={{ overflowWrap: 'anywhere' }}>
                      {campaign.statusMessage}
                    </Text>
                  ) : null}
                </Stack>
              </Table.Td>
              <Table.Td>{formatClientDateTime(campaign.scheduledAt, zoneMinutes)}</Table.Td>
              <Table.Td>
                {campaign.recipientCount === null ? null : (
                  <>
                    <Text size="sm" data-testid="campaign-recipients">
                      {formatNumber(campaign.recipientCount)}
                    </Text>
                    <Text size="xs" c="dimmed" data-testid="campaign-sent">
                      {text.sentCount(formatNumber(campaign.sent))}
                    </Text>
                  </>
                )}
              </Table.Td>
              <Table.Td>{campaign.recipientCount === null ? '' : withRate(campaign.opened, campaign.sent)}</Table.Td>
              <Table.Td>{campaign.recipientCount === null ? '' : withRate(campaign.clicked, campaign.sent)}</Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  {campaign.recipientCount !== null ? (
                    <Tooltip label={text.report}>
                      <ActionIcon
                        variant="subtle"
                        component={Link}
                        to={`${campaign.type === 'AB' ? '/abreporttest' : '/regularcampaignreport'}?campaignId=${campaign.id}`}
                        aria-label={`${text.report} ${campaign.name}`}
                        data-testid={`campaign-report-${campaign.id}`}
                      >
                        <IconChartBar size={18} stroke={1.75} />
                      </ActionIcon>
                    </Tooltip>
                  ) : null}
                  <RowActions
                    campaign={campaign}
                    shown={shown}
                    onPause={() => setPausing(campaign)}
                    onResume={() => void act(() => resumeCampaign(campaign.id), text.resumed)}
                    onDelete={() => crud.setDeleting(campaign)}
                  />
                </Group>
              </Table.Td>
            </Table.Tr>
          );
        }}
      />
      <ListFooter answer={campaigns.data} page={list.page} pageSize={list.pageSize} onPage={list.setPage} onPageSize={list.setPageSize} />
      <ConfirmDialog
        opened={pausing !== null}
        title={text.pauseTitle}
        message={pausing ? text.pauseConfirm(pausing.name) : ''}
        busy={busy}
        onConfirm={() => pausing && void act(() => pauseCampaign(pausing.id), text.paused)}
        onCancel={() => setPausing(null)}
      />
      <ConfirmDialog {...crud.confirmProps} />
      <CampaignSettingsDrawer opened={settingsOpen} onClose={() => setSettingsOpen(false)} />
    </Stack>
  );
}
