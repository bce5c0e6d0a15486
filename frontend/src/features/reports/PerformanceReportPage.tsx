import { Group, Select, Stack, Table, TextInput } from '@mantine/core';
import { IconChartBar, IconSearch } from '@tabler/icons-react';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { StatusBadge } from '../../components/StatusBadge';
import { DataTable } from '../../components/list/DataTable';
import { ListFooter } from '../../components/list/ListFooter';
import { SortableTh } from '../../components/list/SortableTh';
import { useListQuery } from '../../components/list/useListQuery';
import { queryKeys, useApiQuery } from '../../api/query';
import { formatNumber } from '../../lib/format';
import { getPerformanceReport, type PerformanceRow, type PerformanceSortField } from './api';
import { clientTime, countWithRate } from './format';
import { reportMessages as text } from './messages';
import { useRouteTitle } from './ReportLayout';
import { SuperAdminOnly } from './SuperAdminOnly';

const PERIODS = [7, 30, 90, 365];

/** A row's cells (a campaign's own report lives on its client's host, so the name is plain text here). */
export function PerformanceCells({ row }: { row: PerformanceRow }) {
  return (
    <>
      <Table.Td>{row.clientName}</Table.Td>
      <Table.Td fw={500}>{row.name}</Table.Td>
      <Table.Td>
        <StatusBadge family="campaign" status={row.status} />
      </Table.Td>
      <Table.Td>{clientTime(row.startedAt)}</Table.Td>
      <Table.Td ta="right">{formatNumber(row.recipients)}</Table.Td>
      <Table.Td ta="right">{formatNumber(row.sent)}</Table.Td>
      <Table.Td ta="right">{countWithRate(row.uniqueOpens, row.openRate)}</Table.Td>
      <Table.Td ta="right">{countWithRate(row.uniqueClicks, row.clickRate)}</Table.Td>
      <Table.Td ta="right">{formatNumber(row.bounces)}</Table.Td>
      <Table.Td ta="right">{formatNumber(row.unsubscribes)}</Table.Td>
    </>
  );
}

function PerformanceGrid() {
  const title = useRouteTitle();
  const list = useListQuery<PerformanceSortField, { days?: string }>({ sort: '-startedAt', filters: { days: '30' } });
  const days = Number(list.filters.days ?? '30');
  const query = { ...list.params, days };
  const rows = useApiQuery(queryKeys.list('performanceReport', query), (signal) => getPerformanceReport(query, signal));
  const th = (label: string, field: PerformanceSortField) => <SortableTh label={label} field={field} sort={list.sort} onSort={list.toggleSort} />;
  return (
    <Stack>
      <PageHeader title={title} description={text.performanceIntro} />
      <Group align="end">
        <TextInput
          label={text.search}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={list.search}
          onChange={(event) => list.setSearch(event.currentTarget.value)}
          w={280}
          data-testid="performance-search"
        />
        <Select
          label={text.days}
          data={PERIODS.map((n) => ({ value: String(n), label: text.lastDays(n) }))}
          value={String(days)}
          onChange={(value) => list.setFilter('days', value ?? '30')}
          allowDeselect={false}
          w={180}
          data-testid="performance-days"
        />
      </Group>
      <DataTable
        testId="performance-table"
        highlightOnHover
        loading={rows.loading}
        error={rows.error}
        columnCount={10}
        minWidth={1200}
        head={
          <>
            {th(text.client, 'clientName')}
            {th(text.campaign, 'name')}
            <Table.Th>{text.status}</Table.Th>
            {th(text.started, 'startedAt')}
            {th(text.recipients, 'recipients')}
            {th(text.sent, 'sent')}
            {th(text.uniqueOpens, 'uniqueOpens')}
            {th(text.uniqueClicks, 'uniqueClicks')}
            <Table.Th>{text.hardBounces}</Table.Th>
            <Table.Th>{text.unsubscribes}</Table.Th>
          </>
        }
        empty={<EmptyState icon={<IconChartBar />} title={text.performanceEmpty} description={text.performanceEmptyHint} testId="performance-empty" />}
        rows={rows.data?.items ?? []}
        renderRow={(row) => (
          <Table.Tr key={`${row.clientId}-${row.campaignId}`} data-testid={`performance-row-${row.clientId}-${row.campaignId}`}>
            <PerformanceCells row={row} />
          </Table.Tr>
        )}
      />
      <ListFooter answer={rows.data} page={list.page} pageSize={list.pageSize} onPage={list.setPage} onPageSize={list.setPageSize} />
    </Stack>
  );
}

/** /performanceReport (spec 2.2, super-admin, grid): every client's campaigns with their figures. */
export default function PerformanceReportPage() {
  return (
    <SuperAdminOnly>
      <PerformanceGrid />
    </SuperAdminOnly>
  );
}
