import { api, call } from '../../api/client';
import type { QueryOf, ResponseOf } from '../../api/types';

export type SendingTransport = ResponseOf<'/api/mm/sendingTransports', 'get'>['items'][number];
export type SavedTransport = ResponseOf<'/api/mm/sendingTransports', 'put'>;
export type TransportKind = 'smtp' | 'mailgun' | 'postmark' | 'amazonSes';

export interface TransportFields {
  senderDomain: string;
  kind: TransportKind;
  credentials: Record<string, string>;
}

export type TransportQuery = QueryOf<'/api/mm/sendingTransports', 'get'>;
export type TransportSortField = 'senderDomain' | 'kind' | 'updatedAt';

export function listTransports(query: TransportQuery, signal?: AbortSignal) {
  return call(api.GET('/api/mm/sendingTransports', { params: { query }, signal }));
}

export function saveTransport(body: TransportFields): Promise<SavedTransport> {
  return call(api.PUT('/api/mm/sendingTransports', { body }));
}

export function deleteTransport(id: number): Promise<void> {
  return call(api.DELETE('/api/mm/sendingTransports/{transport_id}', { params: { path: { transport_id: id } } }));
}
