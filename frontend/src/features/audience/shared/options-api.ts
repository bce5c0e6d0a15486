import { api, call } from '../../../api/client';
import type { ResponseOf } from '../../../api/types';
import { listFields } from '../fields/api';
import { listCategories, listGroups } from '../groups/api';
import { allPages } from './items';

/** A group or tag as selects list it. */
export type Named = ResponseOf<'/api/formTags', 'post'>['tags'][number];
export type Rep = ResponseOf<'/api/getRepsList', 'get'>['repsList'][number];

export async function loadGroupOptions(signal?: AbortSignal): Promise<Named[]> {
  const groups = await allPages((page) => listGroups({ page, pageSize: 30, sort: 'name' }, signal), signal);
  return groups.map(({ id, name }) => ({ id, name }));
}

export async function loadTagOptions(signal?: AbortSignal): Promise<Named[]> {
  const answer = await call(api.POST('/api/formTags', { body: { action: 'get' }, signal }));
  return answer.tags;
}

export async function loadReps(signal?: AbortSignal): Promise<Rep[]> {
  const answer = await call(api.GET('/api/getRepsList', { signal }));
  return answer.repsList;
}

export function loadFields(signal?: AbortSignal) {
  return allPages((page) => listFields(page, signal), signal);
}

export function loadCategories(signal?: AbortSignal) {
  return allPages((page) => listCategories(page, signal), signal);
}
