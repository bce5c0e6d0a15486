import { apiRequest } from '../../../api/client';
import type { BodyOf } from '../../../api/types';
import type { Page, ProfileField } from '../types';

export type FieldIn = BodyOf<'/api/mm/profile-fields', 'post'>;
export type FieldPatch = BodyOf<'/api/mm/profile-fields/{field_id}', 'patch'>;

export function listFields(page: number, signal?: AbortSignal, pageSize = 30): Promise<Page<ProfileField>> {
  return apiRequest<Page<ProfileField>>('/api/mm/profile-fields', { query: { page, pageSize }, signal });
}

export function createField(body: FieldIn): Promise<ProfileField> {
  return apiRequest<ProfileField>('/api/mm/profile-fields', { method: 'POST', body });
}

export function updateField(id: number, body: FieldPatch): Promise<ProfileField> {
  return apiRequest<ProfileField>(`/api/mm/profile-fields/${id}`, { method: 'PATCH', body });
}

export function deleteField(id: number): Promise<unknown> {
  return apiRequest(`/api/mm/profile-fields/${id}`, { method: 'DELETE' });
}
