import { apiRequest } from '../../../api/client';
import type { BulkIn, BulkOut, ExportIn, JobRef, Page, Profile, ProfileIn, ProfileListParams, ProfilePatch } from '../types';

export function listProfiles(query: ProfileListParams, signal?: AbortSignal): Promise<Page<Profile>> {
  return apiRequest<Page<Profile>>('/api/mm/profiles', { query: { ...query }, signal });
}

export function createProfile(body: ProfileIn): Promise<Profile> {
  return apiRequest<Profile>('/api/mm/profiles', { method: 'POST', body });
}

export function updateProfile(id: number, body: ProfilePatch): Promise<Profile> {
  return apiRequest<Profile>(`/api/mm/profiles/${id}`, { method: 'PATCH', body });
}

export function bulkProfiles(body: BulkIn): Promise<BulkOut> {
  return apiRequest<BulkOut>('/api/mm/profiles/bulk', { method: 'POST', body });
}

export type ExportFilters = Omit<ProfileListParams, 'page' | 'pageSize' | 'sort'>;

/** Exports what the list shows: its search and filters, whatever page it is on. */
export function exportProfiles(filters: ExportFilters): Promise<JobRef> {
  const body: ExportIn = {
    search: filters.search || null,
    groupId: filters.groupId ? Number(filters.groupId) : null,
    tagId: filters.tagId ? Number(filters.tagId) : null,
    status: filters.status || null,
    verification: filters.verification || null,
  };
  return apiRequest<JobRef>('/api/mm/exports/profiles', { method: 'POST', body });
}
