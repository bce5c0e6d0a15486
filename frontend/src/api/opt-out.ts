import { api, call } from './client';
import type { ResponseOf } from './types';

// The opt-out page's calls (marketing/delivery): public; the token of the message's
// unsubscribe link is the credential.

export type OptOutTarget = ResponseOf<'/api/external/optOut', 'get'>;

export function getOptOutTarget(token: string, signal?: AbortSignal) {
  return call(api.GET('/api/external/optOut', { params: { query: { token } }, signal }));
}

export function confirmOptOut(token: string) {
  return call(api.POST('/api/external/optOut', { body: { token } }));
}
