import { api, call } from './client';
import type { BodyOf, ResponseOf } from './types';

// The update-preferences page's calls (marketing/delivery): public; the token of the
// message's preferences link is the credential. And the client's settings of its pages.

export type Preferences = ResponseOf<'/api/external/preferences', 'get'>;
export type PreferencesChoice = Omit<BodyOf<'/api/external/preferences', 'post'>, 'token'>;

export function getPreferences(token: string, signal?: AbortSignal) {
  return call(api.GET('/api/external/preferences', { params: { query: { token } }, signal }));
}

export function savePreferences(token: string, choice: PreferencesChoice) {
  return call(api.POST('/api/external/preferences', { body: { token, ...choice } }));
}

export type UpdatePreferences = ResponseOf<'/api/mm/updatePreferences/{up_id}', 'get'>;
export type UpdatePreferencesBody = BodyOf<'/api/mm/updatePreferences/{up_id}', 'put'>;
export type GroupChoice = { id: number; name: string };

export function listUpdatePreferences(signal?: AbortSignal) {
  return call(api.GET('/api/mm/updatePreferences', { signal }));
}

export function getUpdatePreferences(id: number, signal?: AbortSignal) {
  return call(api.GET('/api/mm/updatePreferences/{up_id}', { params: { path: { up_id: id } }, signal }));
}

export function updateUpdatePreferences(id: number, body: UpdatePreferencesBody) {
  return call(api.PUT('/api/mm/updatePreferences/{up_id}', { params: { path: { up_id: id } }, body }));
}

/** The client's groups whose name contains `search` (the first 30 by name), for the groups picker. */
export async function searchGroups(search: string, signal?: AbortSignal): Promise<GroupChoice[]> {
  const page = await call(api.GET('/api/mm/groups', { params: { query: { search, pageSize: 30 } }, signal }));
  return page.items.map((group) => ({ id: group.id, name: group.name }));
}
