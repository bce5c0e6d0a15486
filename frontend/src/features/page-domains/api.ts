import { api, call } from '../../api/client';
import type { ResponseOf } from '../../api/types';

export type PageDomainList = ResponseOf<'/api/mm/page-domains', 'get'>;
export type PageDomain = PageDomainList['items'][number];
export type PageStorage = ResponseOf<'/api/mm/page-storage', 'get'>;
export type PageStorageKind = PageStorage['kind'];

export function listPageDomains(signal?: AbortSignal) {
  return call(api.GET('/api/mm/page-domains', { signal }));
}

export function addPageDomain(name: string): Promise<PageDomain> {
  return call(api.POST('/api/mm/page-domains', { body: { name } }));
}

export function verifyPageDomain(id: number): Promise<PageDomain> {
  return call(api.POST('/api/mm/page-domains/{domain_id}/verify', { params: { path: { domain_id: id } } }));
}

export function deletePageDomain(id: number): Promise<void> {
  return call(api.DELETE('/api/mm/page-domains/{domain_id}', { params: { path: { domain_id: id } } }));
}

export function getPageStorage(signal?: AbortSignal) {
  return call(api.GET('/api/mm/page-storage', { signal }));
}

export function choosePageStorage(kind: PageStorageKind): Promise<PageStorage> {
  return call(api.POST('/api/mm/page-storage', { body: { kind } }));
}
