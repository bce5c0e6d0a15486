import { ActionIcon, Anchor, Button, Menu, Stack, Table, Tabs, Text, TextInput } from '@mantine/core';
import { IconChartBar, IconDots, IconExternalLink, IconFlask, IconPlus, IconRoute, IconSearch, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { queryKeys, useApiMutation, useApiQuery } from '../../api/query';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { StatusBadge } from '../../components/StatusBadge';
import { DataTable } from '../../components/list/DataTable';
import { ListFooter } from '../../components/list/ListFooter';
import { SortableTh } from '../../components/list/SortableTh';
import { useListQuery } from '../../components/list/useListQuery';
import { paths } from '../../config/paths';
import { formatClientDateTime, formatNumber } from '../../lib/format';
import { useSession } from '../../lib/session';
import { deleteWorkflow, listWorkflows, type Workflow, type WorkflowSortField, type WorkflowTabName } from './api';
import { triggerLabels, workflowMessages as text } from './messages';

// Spec 3's tabs; Inactive holds every workflow not published.
const TABS: { value: WorkflowTabName; label: string }[] = [
  { value: 'System', label: 'System' },
  { value: 'Default', label: 'Default' },
  { value: 'Rep Notifications', label: 'Rep Notifications' },
  { value: 'Sequence', label: 'Sequence' },
  { value: 'Custom', label: 'Custom' },
  { value: 'Inactive', label: 'Inactive' },
];

/** /WorkflowList: the workflows of a tab, searched, sorted and paged; create, open, delete. */
export default function WorkflowListPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tabParam = searchParams.get('tab');
  const tab = (TABS.find((each) => each.value === tabParam)?.value ?? 'Custom') as WorkflowTabName;
  const zone = useSession().status?.timeZoneMinutes ?? 0;
  const list = useListQuery<WorkflowSortField>({ sort: '-updatedAt' });
  const query = { ...list.params, tab };
  const workflows = useApiQuery(queryKeys.list('workflows', query), (signal) => listWorkflows(query, signal));
  const [deleting, setDeleting] = useState<Workflow | null>(null);
  const remove = useApiMutation((workflow: Workflow) => deleteWorkflow(workflow.id), { invalidates: ['workflows', 'workflowAnalytics'], success: text.deleted });

  return (
    <Stack>
      <PageHeader
        title={text.listTitle}
        description={text.listIntro}
        actions={
          <>
            <Button variant="subtle" component={Link} to={paths.workflowTest.href()} leftSection={<IconFlask size={16} aria-hidden />}>
              {text.testTitle}
            </Button>
            <Button component={Link} to={paths.workflowBuilder.href()} leftSection={<IconPlus size={16} aria-hidden />} data-testid="create-workflow">
              {text.createWorkflow}
            </Button>
          </>
        }
      />
      <Tabs value={tab} onChange={(value) => value && setSearchParams({ tab: value })} aria-label={text.tabs}>
        <Tabs.List>
          {TABS.map((each) => (
            <Tabs.Tab key={each.value} value={each.value} data-testid={`workflow-tab-${each.value}`}>
              {each.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <TextInput label={text.search} leftSection={<IconSearch size={16} aria-hidden />} value={list.search} onChange={(event) => list.setSearch(event.currentTarget.value)} w={260} data-testid="workflow-search" />
      <DataTable
        testId="workflows-table"
        highlightOnHover
        loading={workflows.loading}
        error={workflows.error}
        columnCount={6}
        minWidth={640}
        head={
          <>
            <SortableTh label={text.name} field="name" sort={list.sort} onSort={list.toggleSort} />
            <SortableTh label={text.status} field="status" sort={list.sort} onSort={list.toggleSort} />
            <Table.Th>{text.kind}</Table.Th>
            <Table.Th>{text.inProcess}</Table.Th>
            <SortableTh label={text.updated} field="updatedAt" sort={list.sort} onSort={list.toggleSort} />
            <Table.Th>{text.actions}</Table.Th>
          </>
        }
        empty={
          list.params.search ? (
            <EmptyState icon={<IconSearch />} title={text.noMatches} description={text.noMatchesHint} testId="workflows-no-match" />
          ) : (
            <EmptyState
              icon={<IconRoute />}
              title={text.empty}
              description={text.emptyHint}
              testId="workflows-empty"
              action={
                <Button component={Link} to={paths.workflowBuilder.href()} leftSection={<IconPlus size={16} aria-hidden />}>
                  {text.createWorkflow}
                </Button>
              }
            />
          )
        }
        rows={workflows.data?.items ?? []}
        renderRow={(workflow) => (
          <Table.Tr key={workflow.id} data-testid={`workflow-row-${workflow.id}`}>
            <Table.Td>
              <Anchor component={Link} to={paths.workflowBuilder.href(workflow.id)} fw={500}>
                {workflow.name}
              </Anchor>
              {workflow.description ? (
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {workflow.description}
                </Text>
              ) : null}
            </Table.Td>
            <Table.Td>
              <StatusBadge family="workflow" status={workflow.status} />
            </Table.Td>
            <Table.Td>{workflow.triggerKind ? (triggerLabels[workflow.triggerKind] ?? workflow.triggerKind) : ''}</Table.Td>
            <Table.Td>{formatNumber(workflow.inProcess)}</Table.Td>
            <Table.Td>{formatClientDateTime(workflow.updatedAt, zone)}</Table.Td>
            <Table.Td>
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <ActionIcon variant="subtle" aria-label={text.rowActions(workflow.name)} data-testid={`workflow-actions-${workflow.id}`}>
                    <IconDots size={18} stroke={1.75} />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item component={Link} to={paths.workflowBuilder.href(workflow.id)} leftSection={<IconExternalLink size={16} />}>
                    {text.open}
                  </Menu.Item>
                  <Menu.Item component={Link} to={paths.workflowTest.href(workflow.id)} leftSection={<IconFlask size={16} />}>
                    {text.testTitle}
                  </Menu.Item>
                  <Menu.Item component={Link} to={paths.workflowEmailReport.href(workflow.id)} leftSection={<IconChartBar size={16} />} data-testid={`email-report-${workflow.id}`}>
                    {text.emailReport}
                  </Menu.Item>
                  <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => setDeleting(workflow)}>
                    {text.delete}
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            </Table.Td>
          </Table.Tr>
        )}
      />
      <ListFooter answer={workflows.data} page={list.page} pageSize={list.pageSize} onPage={list.setPage} onPageSize={list.setPageSize} />
      <ConfirmDialog
        opened={deleting !== null}
        title={text.deleteTitle}
        message={deleting ? text.deleteConfirm(deleting.name) : ''}
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting, { onSettled: () => setDeleting(null) })}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}
