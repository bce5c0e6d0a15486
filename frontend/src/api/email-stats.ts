import { apiRequest } from './client';
import type { ResponseOf } from './types';

export type EmailStats = ResponseOf<'/api/fetchemailstats', 'get'>;

export function fetchEmailStats(signal?: AbortSignal): Promise<EmailStats> {
  return apiRequest<EmailStats>('/api/fetchemailstats', { signal });
}
