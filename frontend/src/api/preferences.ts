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
