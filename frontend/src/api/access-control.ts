import { apiRequest } from './client';
import type { BodyOf, ResponseOf } from './types';

type AccessControlBody = BodyOf<'/api/updateAccessControl', 'post'>;
export type AccessControlAnswer = ResponseOf<'/api/updateAccessControl', 'post'>;

export function updateAccessControl(body: AccessControlBody): Promise<AccessControlAnswer> {
  return apiRequest<AccessControlAnswer>('/api/updateAccessControl', { method: 'POST', body });
}
