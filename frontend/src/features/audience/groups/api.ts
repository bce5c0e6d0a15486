import { api, call } from '../../../api/client';
import type { BodyOf, QueryOf, ResponseOf } from '../../../api/types';
import type { SortField } from '../../../components/list/page-sizes';

export type Group = ResponseOf<'/api/mm/groups/{group_id}', 'patch'>;
export type GroupCategory = ResponseOf<'/api/mm/group-categories/{category_id}', 'patch'>;
export type GroupQuery = QueryOf<'/api/mm/groups', 'get'>;
export type GroupSortField = SortField<GroupQuery['sort']>;

export function listGroups(query: GroupQuery, signal?: AbortSignal) {
  return call(api.GET('/api/mm/groups', { params: { query }, signal }));
}

export function createGroup(body: BodyOf<'/api/mm/groups', 'post'>): Promise<Group> {
  return call(api.POST('/api/mm/groups', { body }));
}

export function updateGroup(id: number, body: BodyOf<'/api/mm/groups/{group_id}', 'patch'>): Promise<Group> {
  return call(api.PATCH('/api/mm/groups/{group_id}', { params: { path: { group_id: id } }, body }));
}

export function deleteGroup(id: number): Promise<void> {
  return call(api.DELETE('/api/mm/groups/{group_id}', { params: { path: { group_id: id } } }));
}

export function listCategories(page: number, signal?: AbortSignal) {
  return call(api.GET('/api/mm/group-categories', { params: { query: { page, pageSize: 30 } }, signal }));
}

export function createCategory(body: BodyOf<'/api/mm/group-categories', 'post'>): Promise<GroupCategory> {
  return call(api.POST('/api/mm/group-categories', { body }));
}

export function updateCategory(id: number, body: BodyOf<'/api/mm/group-categories/{category_id}', 'patch'>): Promise<GroupCategory> {
  return call(api.PATCH('/api/mm/group-categories/{category_id}', { params: { path: { category_id: id } }, body }));
}
