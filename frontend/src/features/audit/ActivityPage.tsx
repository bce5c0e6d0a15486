import { Alert, Button, Stack } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { EmptyState } from '../../components/EmptyState';
import { canSeeFeature } from '../../components/FeatureGate';
import { ListFooter } from '../../components/list/ListFooter';
import { useListQuery } from '../../components/list/useListQuery';
import { queryKeys, useApiQuery } from '../../api/query';
import { PageHeader } from '../../components/PageHeader';
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
  const activity = useApiQuery(queryKeys.list('activity', params), (signal) => listActivity(params, signal));
  const people = useApiQuery(queryKeys.list('activityPeople'), (signal) => listActivityPeople(signal));
  const rows = activity.data?.items ?? [];
  const timeZone = activity.data?.timeZone ?? '';
  const filtered = filterNames.some((name) => list.filters[name]);
  const clearFilters = () => filterNames.forEach((name) => list.setFilter(name, undefined));

  return (
    <Stack>
      <PageHeader title={text.title} description={text.intro} actions={<ExportActivityButton filters={list.filters} />} />
      <ActivityFilters
        filters={list.filters}
        onFilter={list.setFilter}
        onClear={clearFilters}
        people={people.data?.items ?? []}
        timeZone={timeZone}
      />
      {activity.error && <Alert color="red">{activity.error}</Alert>}
      {!activity.loading && !activity.error && rows.length === 0 ? (
        <EmptyState
          testId="activity-empty"
          icon={<IconHistory />}
          title={filtered ? text.emptyFiltered : text.empty}
          description={filtered ? text.emptyFilteredHint : text.emptyHint}
          action={
            filtered && (
              <Button variant="default" onClick={clearFilters}>
                {text.clearFilters}
              </Button>
            )
          }
        />
      ) : (
        <ActivityTable rows={rows} sort={list.sort} onSort={list.toggleSort} timeZone={timeZone} loading={activity.loading} />
      )}
      <ListFooter answer={activity.data} page={list.page} pageSize={list.pageSize} onPage={list.setPage} onPageSize={list.setPageSize} />
    </Stack>
  );
}
