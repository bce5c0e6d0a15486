import { api, call } from './client';
import type { BodyOf } from './types';

export function updateAccessControl(body: BodyOf<'/api/updateAccessControl', 'post'>) {
  return call(api.POST('/api/updateAccessControl', { body }));
}
