import { api, call } from '../../../api/client';
import type { QueryOf, ResponseOf } from '../../../api/types';
import type { SortField } from '../../../components/list/page-sizes';

export type Tag = ResponseOf<'/api/mm/tags/{tag_id}', 'patch'>;
export type TagQuery = QueryOf<'/api/mm/tags', 'get'>;
export type TagSortField = SortField<TagQuery['sort']>;

export function listTags(query: TagQuery, signal?: AbortSignal) {
  return call(api.GET('/api/mm/tags', { params: { query }, signal }));
}

export function createTag(name: string): Promise<Tag> {
  return call(api.POST('/api/mm/tags', { body: { name } }));
}

export function renameTag(id: number, name: string): Promise<Tag> {
  return call(api.PATCH('/api/mm/tags/{tag_id}', { params: { path: { tag_id: id } }, body: { name } }));
}

export function deleteTag(id: number): Promise<void> {
  return call(api.DELETE('/api/mm/tags/{tag_id}', { params: { path: { tag_id: id } } }));
}
