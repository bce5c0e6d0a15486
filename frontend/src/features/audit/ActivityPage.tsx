import { Alert, Group, Stack, Text, Title } from '@mantine/core';
import { canSeeFeature } from '../../components/FeatureGate';
import { ListFooter } from '../../components/list/ListFooter';
import { useListQuery } from '../../components/list/useListQuery';
import { useRemote } from '../../components/list/useRemote';
import { useSession } from '../../lib/session';
import { listActivity, listActivityPeople, type ActivityFilterValues, type ActivitySortField } from './api';
import { ActivityFilters } from './ActivityFilters';
import { ActivityTable } from './ActivityTable';
import { ExportActivityButton } from './ExportActivityButton';
import { activityMessages as text } from './messages';

const noFilters: ActivityFilterValues = {};
const filterNames: (keyof ActivityFilterValues)[] = ['actorId', 'objectType', 'dateFrom', 'dateTo'];

/** The audit trail (admins only): who did what to which object, newest first. */
export default function ActivityPage() {
  const { access } = useSession();
  if (!canSeeFeature(access, undefined, true)) return <Alert color="red">{text.adminOnly}</Alert>;
  return <ActivityScreen />;
}

function ActivityScreen() {
  const list = useListQuery<ActivitySortField, ActivityFilterValues>({ sort: '-createdAt', filters: noFilters });
  const { page, pageSize, sort } = list.params;
  const params = { page, pageSize, sort, ...list.filters };
  const activity = useRemote((signal) => listActivity(params, signal), JSON.stringify(params));
  const people = useRemote((signal) => listActivityPeople(signal), 'people');
  const rows = activity.data?.items ?? [];
  const timeZone = activity.data?.timeZone ?? '';
  const filtered = filterNames.some((name) => list.filters[name]);

  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1}>{text.title}</Title>
          <Text c="dimmed" size="sm">
            {text.intro}
          </Text>
        </div>
        <ExportActivityButton filters={list.filters} />
      </Group>
      <ActivityFilters
        filters={list.filters}
        onFilter={list.setFilter}
        onClear={() => filterNames.forEach((name) => list.setFilter(name, undefined))}
        people={people.data?.items ?? []}
        timeZone={timeZone}
      />
      {activity.error && <Alert color="red">{activity.error}</Alert>}
      {!activity.loading && !activity.error && rows.length === 0 ? (
        <Alert color="gray" data-testid="activity-empty">
          {filtered ? text.emptyFiltered : text.empty}
        </Alert>
      ) : (
        <ActivityTable rows={rows} sort={list.sort} onSort={list.toggleSort} timeZone={timeZone} loading={activity.loading} />
      )}
      <ListFooter answer={activity.data} page={list.page} pageSize={list.pageSize} onPage={list.setPage} onPageSize={list.setPageSize} />
    </Stack>
  );
}
