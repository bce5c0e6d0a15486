import { api, call } from '../../api/client';
import type { BodyOf, QueryOf, ResponseOf } from '../../api/types';
import type { SortField } from '../../components/list/page-sizes';

export type LandingPage = ResponseOf<'/api/mm/landingPages/{page_id}', 'get'>;
export type PageRow = ResponseOf<'/api/mm/landingPages', 'get'>['items'][number];
export type PageQuery = QueryOf<'/api/mm/landingPages', 'get'>;
export type PageSortField = SortField<PageQuery['sort']>;
export type PageType = PageRow['pageType'];
export type PageLayout = PageRow['layout'];
export type PageChanges = BodyOf<'/api/mm/landingPages/{page_id}', 'patch'>;
export type PageContent = NonNullable<PageChanges['content']>;
export type PageSettings = NonNullable<PageContent['settings']>;
export type PageVersion = ResponseOf<'/api/mm/landingPages/{page_id}/versions', 'get'>['items'][number];

const page = (id: number) => ({ params: { path: { page_id: id } } });

export function listPages(query: PageQuery, signal?: AbortSignal) {
  return call(api.GET('/api/mm/landingPages', { params: { query }, signal }));
}

export function getPage(id: number, signal?: AbortSignal): Promise<LandingPage> {
  return call(api.GET('/api/mm/landingPages/{page_id}', { ...page(id), signal }));
}

export function createPage(body: BodyOf<'/api/mm/landingPages', 'post'>): Promise<LandingPage> {
  return call(api.POST('/api/mm/landingPages', { body }));
}

export function savePage(id: number, body: PageChanges): Promise<LandingPage> {
  return call(api.PATCH('/api/mm/landingPages/{page_id}', { ...page(id), body }));
}

export function deletePage(id: number): Promise<void> {
  return call(api.DELETE('/api/mm/landingPages/{page_id}', page(id)));
}

export function copyPage(id: number): Promise<LandingPage> {
  return call(api.POST('/api/mm/landingPages/{page_id}/copy', page(id)));
}

export function publishPage(id: number): Promise<LandingPage> {
  return call(api.POST('/api/mm/landingPages/{page_id}/publish', page(id)));
}

export function unpublishPage(id: number): Promise<LandingPage> {
  return call(api.POST('/api/mm/landingPages/{page_id}/unpublish', page(id)));
}

export function listVersions(id: number, signal?: AbortSignal) {
  return call(api.GET('/api/mm/landingPages/{page_id}/versions', { ...page(id), signal }));
}

export function rollBack(id: number, versionId: number): Promise<LandingPage> {
  return call(api.POST('/api/mm/landingPages/{page_id}/rollBack', { ...page(id), body: { versionId } }));
}

/** Spec 7: the published landing pages that link a pop-up page. */
export function popupAssociated(popupId: number) {
  return call(api.POST('/api/ppAssociatedLps', { params: { query: { isPopUpPage: true } }, body: { lpId: popupId } }));
}

/** The published forms a page can hold, and the pop-up pages it can open. */
export function publishedForms(signal?: AbortSignal) {
  return call(api.GET('/api/mm/forms', { params: { query: { status: 'Published', pageSize: 30, sort: 'name' } }, signal }));
}

export function publishedPopups(signal?: AbortSignal) {
  return call(api.GET('/api/mm/landingPages', { params: { query: { type: 'PP', status: 'Published', pageSize: 30, sort: 'name' } }, signal }));
}
