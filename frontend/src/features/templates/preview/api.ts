import { api, call } from '../../../api/client';
import type { ResponseOf } from '../../../api/types';

export type ProfileOption = ResponseOf<'/api/mm/profiles', 'get'>['items'][number];

/** Profiles to preview a template for: the first page of a search by email or name. */
export function searchProfiles(search: string, signal?: AbortSignal): Promise<ProfileOption[]> {
  return call(api.GET('/api/mm/profiles', { params: { query: { search: search || undefined, pageSize: 20, sort: 'email' } }, signal })).then(
    (page) => page.items,
  );
}

export type PreviewLink = ResponseOf<'/api/mm/templates/{template_id}/previewLink', 'post'>;

/** A signed, read-only link to /external/previewTemplate, valid for 7 days (op templatePreviewLink). */
export function createPreviewLink(templateId: number): Promise<PreviewLink> {
  return call(api.POST('/api/mm/templates/{template_id}/previewLink', { params: { path: { template_id: templateId } } }));
}
