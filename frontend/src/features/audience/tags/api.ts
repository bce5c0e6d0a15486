import { apiRequest } from '../../../api/client';
import type { Page, Tag } from '../types';

export interface TagQuery {
  page: number;
  pageSize: number;
  sort?: string;
  search?: string;
}

export function listTags(query: TagQuery, signal?: AbortSignal): Promise<Page<Tag>> {
  return apiRequest<Page<Tag>>('/api/mm/tags', { query: { ...query }, signal });
}

export function createTag(name: string): Promise<Tag> {
  return apiRequest<Tag>('/api/mm/tags', { method: 'POST', body: { name } });
}

export function renameTag(id: number, name: string): Promise<Tag> {
  return apiRequest<Tag>(`/api/mm/tags/${id}`, { method: 'PATCH', body: { name } });
}

export function deleteTag(id: number): Promise<unknown> {
  return apiRequest(`/api/mm/tags/${id}`, { method: 'DELETE' });
}
