import { api, call } from '../../api/client';
import type { QueryOf, ResponseOf } from '../../api/types';
import type { SortField } from '../../components/list/page-sizes';

export type Sender = ResponseOf<'/api/mm/senders', 'get'>['items'][number];
export type SenderQuery = QueryOf<'/api/mm/senders', 'get'>;
export type SenderSortField = SortField<SenderQuery['sort']>;
export type SenderStatus = Sender['status'];
export interface SenderFields {
  name: string;
  email: string;
  replyTo: string;
  isDefault: boolean;
}
export interface SenderChanges extends Partial<SenderFields> {
  isEnabled?: boolean;
}

export function listSenders(query: SenderQuery, signal?: AbortSignal) {
  return call(api.GET('/api/mm/senders', { params: { query }, signal }));
}

export function createSender(body: SenderFields): Promise<Sender> {
  return call(api.POST('/api/mm/senders', { body }));
}

export function updateSender(id: number, body: SenderChanges): Promise<Sender> {
  return call(api.PATCH('/api/mm/senders/{sender_id}', { params: { path: { sender_id: id } }, body }));
}

export function deleteSender(id: number): Promise<void> {
  return call(api.DELETE('/api/mm/senders/{sender_id}', { params: { path: { sender_id: id } } }));
}

export function resendActivation(id: number) {
  return call(api.POST('/api/mm/senders/{sender_id}/activation', { params: { path: { sender_id: id } } }));
}

export function getActivation(token: string, signal?: AbortSignal) {
  return call(api.GET('/api/external/senderActivation', { params: { query: { token } }, signal }));
}

export function confirmActivation(token: string) {
  return call(api.POST('/api/external/senderActivation', { body: { token } }));
}

export type DomainList = ResponseOf<'/api/mm/sender-domains', 'get'>;
export type SenderDomain = DomainList['items'][number];
export type DnsRecord = SenderDomain['records'][number];

export function listDomains(signal?: AbortSignal): Promise<DomainList> {
  return call(api.GET('/api/mm/sender-domains', { signal }));
}

export function addDomain(name: string): Promise<SenderDomain> {
  return call(api.POST('/api/mm/sender-domains', { body: { name } }));
}

export function verifyDomain(id: number): Promise<SenderDomain> {
  return call(api.POST('/api/mm/sender-domains/{domain_id}/verify', { params: { path: { domain_id: id } } }));
}

export function startDkimRollover(id: number): Promise<SenderDomain> {
  return call(api.POST('/api/mm/sender-domains/{domain_id}/dkim-rollover', { params: { path: { domain_id: id } } }));
}

export function activateDkimRollover(id: number): Promise<SenderDomain> {
  return call(api.POST('/api/mm/sender-domains/{domain_id}/dkim-rollover/activate', { params: { path: { domain_id: id } } }));
}

export function deleteDomain(id: number): Promise<void> {
  return call(api.DELETE('/api/mm/sender-domains/{domain_id}', { params: { path: { domain_id: id } } }));
}

export function saveTrackingDomain(name: string) {
  return call(api.PUT('/api/mm/tracking-domain', { body: { name } }));
}

export function deleteTrackingDomain(): Promise<void> {
  return call(api.DELETE('/api/mm/tracking-domain'));
}
