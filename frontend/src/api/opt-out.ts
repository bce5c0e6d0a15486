import { api, call } from './client';
import type { ResponseOf } from './types';

// The opt-out page's calls (marketing/forms, as the client's default opt-out form builds the
// page): public; the token of the message's unsubscribe link is the credential.

export type OptOutPage = ResponseOf<'/api/external/optOutPage', 'get'>;

export function getOptOutPage(token: string, signal?: AbortSignal) {
  return call(api.GET('/api/external/optOutPage', { params: { query: { token } }, signal }));
}

/** Leaves every email (no groups), or only the groups chosen; with the reason given. */
export function submitOptOutPage(token: string, reason: string, groupIds: number[]) {
  return call(api.POST('/api/external/optOutPage', { body: { token, reason, groupIds } }));
}
