import { ActionIcon, Anchor, Button, Group, Select, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { IconChartBar, IconMail, IconPlus, IconSearch, IconSettings } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router-dom';
import { useState, type ReactNode } from 'react';
import { queryKeys, useApiQuery, useInvalidate } from '../../api/query';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { StatusBadge } from '../../components/StatusBadge';
import { ListPage } from '../../components/list/ListPage';
import { useCrudActions } from '../../components/list/useCrudActions';
import { useListQuery } from '../../components/list/useListQuery';
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
import { CampaignRowActions } from './CampaignRowActions';
import { CampaignSettingsDrawer } from './CampaignSettingsDrawer';
import { shownStatus } from './shown-status';
import { campaignMessages as text } from './messages';

const STATUSES: CampaignStatus[] = ['Draft', 'Scheduled', 'Sending', 'Paused', 'Sent', 'Failed', 'Published', 'Unpublished'];
const KINDS: CampaignKind[] = ['Regular', 'AB', 'Workflow', 'MailChimp', 'RSS Feed', 'Poll', 'Re-Engmt'];

type Filters = { status?: CampaignStatus; type?: CampaignKind };

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
  const campaigns = useApiQuery(queryKeys.list('campaigns', list.params), (signal) => listCampaigns(list.params, signal));
  const invalidate = useInvalidate();
  const crud = useCrudActions<CampaignRow>({
    invalidates: ['campaigns'],
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
      void invalidate('campaigns');
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <ListPage
      header={{
        title: text.listTitle,
        description: text.listIntro,
        actions: (
          <>
            <Button variant="subtle" leftSection={<IconSettings size={16} aria-hidden />} onClick={() => setSettingsOpen(true)} data-testid="campaign-settings-open">
              {text.settingsTitle}
            </Button>
            <Button component={Link} to={paths.campaignKinds.href()} leftSection={<IconPlus size={16} />} data-testid="create-campaign">
              {text.createCampaign}
            </Button>
          </>
        ),
      }}
      list={list}
      query={campaigns}
      above={
        <>
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
        </>
      }
      testId="campaigns-table"
      minWidth={640}
      horizontalSpacing={6}
      columns={[
        { label: text.name, sort: 'name' },
        { label: text.type, sort: 'type' },
        { label: text.status, sort: 'status' },
        { label: text.scheduled, sort: 'scheduledAt' },
        { label: text.recipients },
        { label: text.opened },
        { label: text.clicked },
        { label: text.actions, nowrap: true },
      ]}
      filtered={filtered}
      noMatch={<EmptyState icon={<IconSearch />} title={text.noMatches} description={text.noMatchesHint} testId="campaigns-no-match" />}
      empty={<EmptyState icon={<IconMail />} title={text.empty} description={text.emptyHint} testId="campaigns-empty" />}
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
                <CampaignRowActions
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
      confirm={crud.confirmProps}
    >
      <ConfirmDialog
        opened={pausing !== null}
        title={text.pauseTitle}
        message={pausing ? text.pauseConfirm(pausing.name) : ''}
        busy={busy}
        onConfirm={() => pausing && void act(() => pauseCampaign(pausing.id), text.paused)}
        onCancel={() => setPausing(null)}
      />
      <CampaignSettingsDrawer opened={settingsOpen} onClose={() => setSettingsOpen(false)} />
    </ListPage>
  );
}
