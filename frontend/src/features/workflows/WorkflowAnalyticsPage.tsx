import { ActionIcon, Anchor, Button, Group, Select, Stack, Table, TextInput, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconChartBar, IconList, IconMail, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { queryKeys, useApiQuery } from '../../api/query';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { StatusBadge } from '../../components/StatusBadge';
import { DataTable } from '../../components/list/DataTable';
import { ListFooter } from '../../components/list/ListFooter';
import { SortableTh } from '../../components/list/SortableTh';
import { useListQuery } from '../../components/list/useListQuery';
import { paths } from '../../config/paths';
import { formatNumber } from '../../lib/format';
import { getAnalytics, type AnalyticsQuery, type AnalyticsSortField } from './api';
import { workflowMessages as text } from './messages';

/** Spec 9: the workflow analytics grid's default view. */
export const ANALYTICS_VIEW_ID = 9996;

const RANGES = [
  { value: 't', label: 'Today' },
  { value: 'y', label: 'Yesterday' },
  { value: 'tw', label: 'This week' },
  { value: 'lw', label: 'Last week' },
  { value: 'tm', label: 'This month' },
  { value: 'lm', label: 'Last month' },
];

const COUNTS = [
  ['entered', 'entered'],
  ['inProcess', 'inProcess'],
  ['completed', 'completed'],
  ['dropped', 'dropped'],
  ['terminated', 'terminated'],
  ['failed', 'failed'],
] as const;

/** /workflow-analytics (the Workflows menu entry, a grid page): per workflow, who entered and where they are now. */
export default function WorkflowAnalyticsPage() {
  const list = useListQuery<AnalyticsSortField>({ sort: 'name' });
  const [range, setRange] = useState<AnalyticsQuery['range'] | null>(null);
  const query: AnalyticsQuery = { ...list.params, viewId: ANALYTICS_VIEW_ID, ...(range ? { range } : {}) };
  const rows = useApiQuery(queryKeys.list('workflowAnalytics', query), (signal) => getAnalytics(query, signal));
  const labels: Record<(typeof COUNTS)[number][0], string> = {
    entered: text.entered,
    inProcess: text.inProcess,
    completed: text.completed,
    dropped: text.dropped,
    terminated: text.terminated,
    failed: text.failed,
  };

  return (
    <Stack>
      <PageHeader
        title={text.analyticsTitle}
        description={text.analyticsIntro}
        actions={
          <>
            <Button variant="subtle" component={Link} to={paths.workflowList.href()} leftSection={<IconList size={16} aria-hidden />} data-testid="analytics-to-list">
              {text.viewList}
            </Button>
            <Button component={Link} to={paths.workflowBuilder.href()} leftSection={<IconPlus size={16} aria-hidden />}>
              {text.createWorkflow}
            </Button>
          </>
        }
      />
      <Group align="end">
        <TextInput label={text.search} leftSection={<IconSearch size={16} aria-hidden />} value={list.search} onChange={(event) => list.setSearch(event.currentTarget.value)} w={260} data-testid="analytics-search" />
        <Select
          label={text.period}
          placeholder={text.allTime}
          clearable
          data={RANGES}
          value={range ?? null}
          onChange={(value) => {
            setRange(value as AnalyticsQuery['range'] | null);
            list.setPage(1);
          }}
          w={180}
          data-testid="analytics-range"
        />
      </Group>
      <DataTable
        testId="workflow-analytics-table"
        highlightOnHover
        loading={rows.loading}
        error={rows.error}
        columnCount={9}
        minWidth={760}
        horizontalSpacing={8}
        head={
          <>
            <SortableTh label={text.name} field="name" sort={list.sort} onSort={list.toggleSort} />
            <Table.Th>{text.status}</Table.Th>
            {COUNTS.map(([key, field]) => (
              <SortableTh key={key} label={labels[key]} field={field} sort={list.sort} onSort={list.toggleSort} />
            ))}
            <Table.Th>
              <VisuallyHidden>{text.emailReport}</VisuallyHidden>
            </Table.Th>
          </>
        }
        empty={
          <EmptyState
            icon={<IconChartBar />}
            title={list.params.search ? text.noMatches : text.empty}
            description={list.params.search ? text.noMatchesHint : text.emptyHint}
            testId="analytics-empty"
          />
        }
        rows={rows.data?.items ?? []}
        renderRow={(row) => (
          <Table.Tr key={row.id} data-testid={`analytics-row-${row.id}`}>
            <Table.Td>
              <Anchor component={Link} to={paths.workflowBuilder.href(row.id)} fw={500}>
                {row.name}
              </Anchor>
            </Table.Td>
            <Table.Td>
              <StatusBadge family="workflow" status={row.status} />
            </Table.Td>
            {COUNTS.map(([key]) => (
              <Table.Td key={key} data-testid={`analytics-${key}`}>
                {formatNumber(row[key])}
              </Table.Td>
            ))}
            <Table.Td>
              <Tooltip label={text.emailReport}>
                <ActionIcon variant="subtle" component={Link} to={paths.workflowEmailReport.href(row.id)} aria-label={`${text.emailReport}: ${row.name}`} data-testid={`analytics-report-${row.id}`}>
                  <IconMail size={16} aria-hidden />
                </ActionIcon>
              </Tooltip>
            </Table.Td>
          </Table.Tr>
        )}
      />
      <ListFooter answer={rows.data} page={list.page} pageSize={list.pageSize} onPage={list.setPage} onPageSize={list.setPageSize} />
    </Stack>
  );
}
