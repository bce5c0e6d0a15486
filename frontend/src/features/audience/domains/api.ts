import { apiRequest } from '../../../api/client';
import type { DomainKind, ManagedDomain, Page } from '../types';

export interface DomainQuery {
  type: DomainKind;
  page: number;
  pageSize: number;
  search?: string;
}

export function listDomains(query: DomainQuery, signal?: AbortSignal): Promise<Page<ManagedDomain>> {
  return apiRequest<Page<ManagedDomain>>('/api/mm/domains', { query: { ...query }, signal });
}

export function addDomain(domain: string, domainType: DomainKind): Promise<ManagedDomain> {
  return apiRequest<ManagedDomain>('/api/mm/domains', { method: 'POST', body: { domain, domainType } });
}

export function deleteDomain(id: number): Promise<unknown> {
  return apiRequest(`/api/mm/domains/${id}`, { method: 'DELETE' });
}
