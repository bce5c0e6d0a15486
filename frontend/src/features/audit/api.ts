import { api, call } from '../../api/client';
import type { BodyOf, QueryOf, ResponseOf } from '../../api/types';
import type { Sort, SortField } from '../../components/list/page-sizes';

export type ActivityPage = ResponseOf<'/api/mm/activity', 'get'>;
export type Activity = ActivityPage['items'][number];
export type ActivityPerson = ResponseOf<'/api/mm/activity/people', 'get'>['items'][number];
type ActivityQuery = QueryOf<'/api/mm/activity', 'get'>;
export type ActivitySortField = SortField<ActivityQuery['sort']>;
export type ObjectType = NonNullable<ActivityQuery['objectType']>;

/** The screen's filters as it holds them: the person is a select value (text), days are YYYY-MM-DD. */
export type ActivityFilterValues = {
  actorId?: string;
  objectType?: ObjectType;
  dateFrom?: string;
  dateTo?: string;
};

export type ActivityListParams = ActivityFilterValues & {
  page: number;
  pageSize: number;
  sort?: Sort<ActivitySortField>;
};

function filterBody({ actorId, objectType, dateFrom, dateTo }: ActivityFilterValues): BodyOf<'/api/mm/activity/export', 'post'> {
  return {
    actorId: actorId ? Number(actorId) : null,
    objectType: objectType ?? null,
    dateFrom: dateFrom || null,
    dateTo: dateTo || null,
  };
}

export function listActivity({ page, pageSize, sort, ...filters }: ActivityListParams, signal?: AbortSignal): Promise<ActivityPage> {
  const query = Object.fromEntries(Object.entries(filterBody(filters)).filter(([, value]) => value !== null));
  return call(api.GET('/api/mm/activity', { params: { query: { page, pageSize, sort, ...query } }, signal }));
}

export function listActivityPeople(signal?: AbortSignal) {
  return call(api.GET('/api/mm/activity/people', { signal }));
}

/** Starts a background job writing the rows the filters select as CSV; answers its id. */
export function exportActivity(filters: ActivityFilterValues) {
  return call(api.POST('/api/mm/activity/export', { body: filterBody(filters) }));
}
