import { api, call } from '../../../api/client';
import type { ResponseOf } from '../../../api/types';

// Disclaimers (/managedisclaimer, admins; marketing/forms): consent texts with versions.

export type Disclaimer = ResponseOf<'/api/mm/disclaimers/{disclaimer_id}', 'get'>;

export function listDisclaimers(signal?: AbortSignal) {
  return call(api.GET('/api/mm/disclaimers', { params: { query: {} }, signal }));
}

export function createDisclaimer(name: string, text: string): Promise<Disclaimer> {
  return call(api.POST('/api/mm/disclaimers', { body: { name, text } }));
}

export function saveDisclaimer(id: number, name: string, text: string): Promise<Disclaimer> {
  return call(api.PATCH('/api/mm/disclaimers/{disclaimer_id}', { params: { path: { disclaimer_id: id } }, body: { name, text } }));
}

export function deleteDisclaimer(id: number): Promise<void> {
  return call(api.DELETE('/api/mm/disclaimers/{disclaimer_id}', { params: { path: { disclaimer_id: id } } }));
}
