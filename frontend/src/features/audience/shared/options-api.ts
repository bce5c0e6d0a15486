import { apiRequest } from '../../../api/client';
import type { Named, Rep } from '../types';
import { listFields } from '../fields/api';
import { listCategories, listGroups } from '../groups/api';
import { allPages } from './items';

export async function loadGroupOptions(signal?: AbortSignal): Promise<Named[]> {
  const groups = await allPages((page) => listGroups({ page, pageSize: 30, sort: 'name' }, signal), signal);
  return groups.map(({ id, name }) => ({ id, name }));
}

export async function loadTagOptions(signal?: AbortSignal): Promise<Named[]> {
  const answer = await apiRequest<{ status: number; tags: Named[] }>('/api/formTags', {
    method: 'POST',
    body: { action: 'get' },
    signal,
  });
  return answer.tags ?? [];
}

export async function loadReps(signal?: AbortSignal): Promise<Rep[]> {
  const answer = await apiRequest<{ repsList: Rep[] }>('/api/getRepsList', { signal });
  return answer.repsList ?? [];
}

export function loadFields(signal?: AbortSignal) {
  return allPages((page) => listFields(page, signal), signal);
}

export function loadCategories(signal?: AbortSignal) {
  return allPages((page) => listCategories(page, signal), signal);
}
