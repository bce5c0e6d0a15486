import { Anchor, Button, Group, Stack, Table, TextInput } from '@mantine/core';
import { IconFlask, IconPlus, IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { StatusBadge } from '../../components/StatusBadge';
import { DataTable } from '../../components/list/DataTable';
import { ListFooter } from '../../components/list/ListFooter';
import { SortableTh } from '../../components/list/SortableTh';
import { useListQuery } from '../../components/list/useListQuery';
import { queryKeys, useApiQuery } from '../../api/query';
import { paths } from '../../config/paths';
import { formatNumber } from '../../lib/format';
import { listAbCampaigns, type AbCampaignQuery } from './api';
import { clientTime } from './format';
import { reportMessages as text } from './messages';
import { backToCampaigns, useRouteTitle } from './ReportLayout';

type AbSortField = Exclude<NonNullable<AbCampaignQuery['sort']>, `-${string}`>;

/** /abtest (spec 2.4): the A/B test campaigns, each opening its report. */
export default function AbTestListPage() {
  const title = useRouteTitle();
  const list = useListQuery<AbSortField>({ sort: '-updatedAt' });
  const campaigns = useApiQuery(queryKeys.list('abReports', list.params), (signal) => listAbCampaigns(list.params, signal));
  return (
    <Stack>
      <PageHeader
        title={title}
        description={text.abListIntro}
        actions={
          <Group gap="xs">
            {backToCampaigns}
            <Button component={Link} to={paths.campaignForm.href(undefined, 'AB')} leftSection={<IconPlus size={16} aria-hidden />}>
              {text.abCreate}
            </Button>
          </Group>
        }
      />
      <TextInput
        label={text.search}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={list.search}
        onChange={(event) => list.setSearch(event.currentTarget.value)}
        w={280}
      />
      <DataTable
        testId="ab-campaigns-table"
        highlightOnHover
        loading={campaigns.loading}
        error={campaigns.error}
        columnCount={5}
        minWidth={760}
        head={
          <>
            <SortableTh label={text.campaign} field="name" sort={list.sort} onSort={list.toggleSort} />
            <SortableTh label={text.status} field="status" sort={list.sort} onSort={list.toggleSort} />
            <SortableTh label={text.scheduled} field="scheduledAt" sort={list.sort} onSort={list.toggleSort} />
            <Table.Th>{text.sent}</Table.Th>
            <Table.Th>{text.winner}</Table.Th>
          </>
        }
        empty={<EmptyState icon={<IconFlask />} title={text.abEmpty} description={text.abEmptyHint} testId="ab-empty" />}
        rows={campaigns.data?.items ?? []}
        renderRow={(campaign) => (
          <Table.Tr key={campaign.id}>
            <Table.Td>
              <Anchor component={Link} to={`/abreporttest?campaignId=${campaign.id}`} fw={500}>
                {campaign.name}
              </Anchor>
            </Table.Td>
            <Table.Td>
              <StatusBadge family="campaign" status={campaign.status} />
            </Table.Td>
            <Table.Td>{clientTime(campaign.scheduledAt)}</Table.Td>
            <Table.Td>{campaign.recipientCount === null ? '' : formatNumber(campaign.sent)}</Table.Td>
            <Table.Td>{campaign.abWinner || text.winnerPending}</Table.Td>
          </Table.Tr>
        )}
      />
      <ListFooter answer={campaigns.data} page={list.page} pageSize={list.pageSize} onPage={list.setPage} onPageSize={list.setPageSize} />
    </Stack>
  );
}
