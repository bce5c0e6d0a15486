import type { BodyOf, ResponseOf } from '../../api/types';

// The audience API's types, taken by path from the generated schema (docs/api/audience.md).

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export type Named = ResponseOf<'/api/formTags', 'post'>['tags'][number];

export type VerificationStatus = 'Valid' | 'Invalid' | 'Unknown' | 'Pending';
export type CustomValue = string | number | string[] | null;

export type Profile = ResponseOf<'/api/mm/profiles/{profile_id}', 'get'>;
export type ProfileIn = BodyOf<'/api/mm/profiles', 'post'>;
export type ProfilePatch = BodyOf<'/api/mm/profiles/{profile_id}', 'patch'>;
/** The list's query as the screen holds it (select values are strings); the server validates the values. */
export interface ProfileListParams {
  page: number;
  pageSize: number;
  sort?: string;
  search?: string;
  groupId?: string;
  tagId?: string;
  status?: string;
  verification?: string;
}
export type ExportIn = BodyOf<'/api/mm/exports/profiles', 'post'>;
export type BulkIn = BodyOf<'/api/mm/profiles/bulk', 'post'>;
export type BulkAction = BulkIn['action'];
export type BulkOut = ResponseOf<'/api/mm/profiles/bulk', 'post'>;

export type GroupCategory = ResponseOf<'/api/mm/group-categories/{category_id}', 'patch'>;
export type Group = ResponseOf<'/api/mm/groups/{group_id}', 'patch'>;
export type Tag = ResponseOf<'/api/mm/tags/{tag_id}', 'patch'>;

export type FieldType = 'text' | 'number' | 'date' | 'radio' | 'dropdown' | 'checkbox';
export type ProfileField = ResponseOf<'/api/mm/profile-fields/{field_id}', 'patch'>;
export type Rep = ResponseOf<'/api/getRepsList', 'get'>['repsList'][number];

export type ManagedDomain = ResponseOf<'/api/mm/domains', 'post', 201>;
export type DomainKind = 1 | 2;

export type ImportKind = 'subscribers' | 'unsubscribers';
export type ImportUpload = ResponseOf<'/api/mm/imports', 'post', 201>;
export type ImportStart = BodyOf<'/api/mm/imports/{import_id}/start', 'post'>;
export type ImportSummary = ResponseOf<'/api/mm/imports/{import_id}', 'get'>;
export type JobRef = ResponseOf<'/api/mm/imports/{import_id}/start', 'post', 202>;
