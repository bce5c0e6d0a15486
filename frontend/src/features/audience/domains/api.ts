import { api, call } from '../../../api/client';
import type { BodyOf, QueryOf, ResponseOf } from '../../../api/types';

export type ManagedDomain = ResponseOf<'/api/mm/domains', 'post', 201>;
/** 1: suppressed domains, 2: public domains. */
export type DomainKind = BodyOf<'/api/mm/domains', 'post'>['domainType'];
export type DomainQuery = QueryOf<'/api/mm/domains', 'get'>;

export function listDomains(query: DomainQuery, signal?: AbortSignal) {
  return call(api.GET('/api/mm/domains', { params: { query }, signal }));
}

export function addDomain(domain: string, domainType: DomainKind): Promise<ManagedDomain> {
  return call(api.POST('/api/mm/domains', { body: { domain, domainType } }));
}

export function deleteDomain(id: number): Promise<void> {
  return call(api.DELETE('/api/mm/domains/{domain_id}', { params: { path: { domain_id: id } } }));
}
