import { api, call } from './client';
import type { ResponseOf } from './types';

export type EmailStats = ResponseOf<'/api/fetchemailstats', 'get'>;

export function fetchEmailStats(signal?: AbortSignal): Promise<EmailStats> {
  return call(api.GET('/api/fetchemailstats', { signal }));
}
