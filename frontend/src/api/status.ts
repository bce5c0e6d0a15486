import { api, call } from './client';
import type { ResponseOf } from './types';

export type Status = ResponseOf<'/api/getStatus', 'get'>;

/** The status call handles its own 301 (spec 8), so the client does not redirect for it. */
export function getStatus(payload: string | null): Promise<Status> {
  return call(api.GET('/api/getStatus', { params: { query: { payload } } }), { handleSessionExpiry: false });
}
