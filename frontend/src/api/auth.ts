import { apiRequest } from './client';
import type { BodyOf, ResponseOf } from './types';

export type LoginBody = BodyOf<'/api/auth/login', 'post'>;
type LoginAnswer = ResponseOf<'/api/auth/login', 'post'>;
type LogoutAnswer = ResponseOf<'/api/logout', 'post'>;

export function login(body: LoginBody): Promise<LoginAnswer> {
  return apiRequest<LoginAnswer>('/api/auth/login', { method: 'POST', body });
}

export function logout(): Promise<LogoutAnswer> {
  return apiRequest<LogoutAnswer>('/api/logout', { method: 'POST' });
}
