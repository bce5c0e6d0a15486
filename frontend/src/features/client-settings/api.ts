import { api, call } from '../../api/client';
import type { BodyOf, ResponseOf } from '../../api/types';

// The client's settings (spec 5.10: time zone, reCAPTCHA site key and secret; tenants/api.py).

export type ClientSettings = ResponseOf<'/api/clientSettings', 'get'>;
export type ClientSettingsChanges = BodyOf<'/api/clientSettings', 'put'>;

export function getClientSettings(signal?: AbortSignal): Promise<ClientSettings> {
  return call(api.GET('/api/clientSettings', { signal }));
}

export function saveClientSettings(body: ClientSettingsChanges): Promise<ClientSettings> {
  return call(api.PUT('/api/clientSettings', { body }));
}
