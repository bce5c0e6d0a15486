import { api, call } from '../../../api/client';
import type { BodyOf, ResponseOf } from '../../../api/types';

export type ProfileField = ResponseOf<'/api/mm/profile-fields/{field_id}', 'patch'>;
export type FieldIn = BodyOf<'/api/mm/profile-fields', 'post'>;
export type FieldType = FieldIn['fieldType'];
export type FieldPatch = BodyOf<'/api/mm/profile-fields/{field_id}', 'patch'>;

export function listFields(page: number, signal?: AbortSignal, pageSize = 30) {
  return call(api.GET('/api/mm/profile-fields', { params: { query: { page, pageSize } }, signal }));
}

export function createField(body: FieldIn): Promise<ProfileField> {
  return call(api.POST('/api/mm/profile-fields', { body }));
}

export function updateField(id: number, body: FieldPatch): Promise<ProfileField> {
  return call(api.PATCH('/api/mm/profile-fields/{field_id}', { params: { path: { field_id: id } }, body }));
}

export function deleteField(id: number): Promise<void> {
  return call(api.DELETE('/api/mm/profile-fields/{field_id}', { params: { path: { field_id: id } } }));
}
