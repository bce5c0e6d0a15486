import { api, call } from '../../../api/client';
import type { BodyOf, QueryOf, ResponseOf } from '../../../api/types';

// Opt-out forms (/OptoutForms, /OptoutForm/:formId; marketing/forms), and the group
// categories and groups a form offers (marketing/audience).

export type OptOutForm = ResponseOf<'/api/mm/optOutForms/{form_id}', 'get'>;
export type OptOutFormInput = BodyOf<'/api/mm/optOutForms', 'post'>;
export type OptOutFormQuery = QueryOf<'/api/mm/optOutForms', 'get'>;

export function listOptOutForms(query: OptOutFormQuery, signal?: AbortSignal) {
  return call(api.GET('/api/mm/optOutForms', { params: { query }, signal }));
}

export function getOptOutForm(id: number, signal?: AbortSignal): Promise<OptOutForm> {
  return call(api.GET('/api/mm/optOutForms/{form_id}', { params: { path: { form_id: id } }, signal }));
}

export function createOptOutForm(body: OptOutFormInput): Promise<OptOutForm> {
  return call(api.POST('/api/mm/optOutForms', { body }));
}

export function saveOptOutForm(id: number, body: OptOutFormInput): Promise<OptOutForm> {
  return call(api.PATCH('/api/mm/optOutForms/{form_id}', { params: { path: { form_id: id } }, body }));
}

export function makeDefaultOptOutForm(id: number): Promise<OptOutForm> {
  return call(api.POST('/api/mm/optOutForms/{form_id}/default', { params: { path: { form_id: id } } }));
}

export function deleteOptOutForm(id: number): Promise<void> {
  return call(api.DELETE('/api/mm/optOutForms/{form_id}', { params: { path: { form_id: id } } }));
}

export function listCategoryChoices(signal?: AbortSignal) {
  return call(api.GET('/api/mm/group-categories', { params: { query: { page: 1, pageSize: 30 } }, signal }));
}

export function listGroupChoices(categoryId: number, signal?: AbortSignal) {
  return call(api.GET('/api/mm/groups', { params: { query: { categoryId, page: 1, pageSize: 30 } }, signal }));
}
