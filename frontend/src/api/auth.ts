import { api, call } from './client';
import type { BodyOf } from './types';

export type LoginBody = BodyOf<'/api/auth/login', 'post'>;

export function login(body: LoginBody) {
  return call(api.POST('/api/auth/login', { body }));
}

export function logout() {
  return call(api.POST('/api/logout'));
}
