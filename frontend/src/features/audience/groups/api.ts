import { apiRequest } from '../../../api/client';
import type { Group, GroupCategory, Page } from '../types';

export interface GroupQuery {
  page: number;
  pageSize: number;
  sort?: string;
  search?: string;
}

export function listGroups(query: GroupQuery, signal?: AbortSignal): Promise<Page<Group>> {
  return apiRequest<Page<Group>>('/api/mm/groups', { query: { ...query }, signal });
}

export function createGroup(body: { name: string; categoryId: number | null }): Promise<Group> {
  return apiRequest<Group>('/api/mm/groups', { method: 'POST', body });
}

export function updateGroup(id: number, body: { name?: string; categoryId?: number | null }): Promise<Group> {
  return apiRequest<Group>(`/api/mm/groups/${id}`, { method: 'PATCH', body });
}

export function deleteGroup(id: number): Promise<unknown> {
  return apiRequest(`/api/mm/groups/${id}`, { method: 'DELETE' });
}

export function listCategories(page: number, signal?: AbortSignal): Promise<Page<GroupCategory>> {
  return apiRequest<Page<GroupCategory>>('/api/mm/group-categories', { query: { page, pageSize: 30 }, signal });
}

export function createCategory(body: { name: string; isActive?: boolean }): Promise<GroupCategory> {
  return apiRequest<GroupCategory>('/api/mm/group-categories', { method: 'POST', body });
}

export function updateCategory(id: number, body: { name?: string; isActive?: boolean }): Promise<GroupCategory> {
  return apiRequest<GroupCategory>(`/api/mm/group-categories/${id}`, { method: 'PATCH', body });
}
