import { api, call } from '../../../api/client';
import type { BodyOf, QueryOf, ResponseOf } from '../../../api/types';
import type { Sort, SortField } from '../../../components/list/page-sizes';

export type Profile = ResponseOf<'/api/mm/profiles/{profile_id}', 'get'>;
export type ProfileIn = BodyOf<'/api/mm/profiles', 'post'>;
export type ProfilePatch = BodyOf<'/api/mm/profiles/{profile_id}', 'patch'>;
export type BulkIn = BodyOf<'/api/mm/profiles/bulk', 'post'>;
export type BulkAction = BulkIn['action'];
type ProfileQuery = QueryOf<'/api/mm/profiles', 'get'>;
export type ProfileSortField = SortField<ProfileQuery['sort']>;
export type ProfileStatus = NonNullable<ProfileQuery['status']>;
export type VerificationStatus = NonNullable<ProfileQuery['verification']>;

/** The list's filters as the screen holds them: group and tag ids are select values (text). */
export type ProfileFilterValues = {
  groupId?: string;
  tagId?: string;
  status?: ProfileStatus;
  verification?: VerificationStatus;
};

export type ProfileListParams = ProfileFilterValues & {
  page: number;
  pageSize: number;
  sort?: Sort<ProfileSortField>;
  search?: string;
};

const toId = (value: string | undefined) => (value ? Number(value) : undefined);

export function listProfiles({ groupId, tagId, ...query }: ProfileListParams, signal?: AbortSignal) {
  return call(api.GET('/api/mm/profiles', { params: { query: { ...query, groupId: toId(groupId), tagId: toId(tagId) } }, signal }));
}

export type ProfileBounce = ResponseOf<'/api/mm/profiles/{profile_id}/bounces', 'get'>['items'][number];

/** The profile's latest bounces and complaints with their reasons, newest first. */
export function listProfileBounces(id: number, signal?: AbortSignal) {
  return call(api.GET('/api/mm/profiles/{profile_id}/bounces', { params: { path: { profile_id: id } }, signal }));
}

export type ProfileFormSubmission = ResponseOf<'/api/mm/profiles/{profile_id}/formSubmissions', 'get'>['items'][number];

/** The forms the profile submitted (the forms app's history of it), newest first. */
export function listProfileFormSubmissions(id: number, signal?: AbortSignal) {
  return call(api.GET('/api/mm/profiles/{profile_id}/formSubmissions', { params: { path: { profile_id: id }, query: { page: 1, pageSize: 10 } }, signal }));
}

export function createProfile(body: ProfileIn): Promise<Profile> {
  return call(api.POST('/api/mm/profiles', { body }));
}

export function updateProfile(id: number, body: ProfilePatch): Promise<Profile> {
  return call(api.PATCH('/api/mm/profiles/{profile_id}', { params: { path: { profile_id: id } }, body }));
}

export function bulkProfiles(body: BulkIn) {
  return call(api.POST('/api/mm/profiles/bulk', { body }));
}

export type ExportFilters = Omit<ProfileListParams, 'page' | 'pageSize' | 'sort'>;

/** Exports what the list shows: its search and filters, whatever page it is on. */
export function exportProfiles(filters: ExportFilters) {
  const body: BodyOf<'/api/mm/exports/profiles', 'post'> = {
    search: filters.search || null,
    groupId: toId(filters.groupId) ?? null,
    tagId: toId(filters.tagId) ?? null,
    status: filters.status || null,
    verification: filters.verification || null,
  };
  return call(api.POST('/api/mm/exports/profiles', { body }));
}
