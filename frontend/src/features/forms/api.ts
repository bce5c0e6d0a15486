import { api, call } from '../../api/client';
import type { BodyOf, QueryOf, ResponseOf } from '../../api/types';
import type { components } from '../../api/schema';
import type { SortField } from '../../components/list/page-sizes';

export type Form = ResponseOf<'/api/mm/forms/{form_id}', 'get'>;
export type FormRow = ResponseOf<'/api/mm/forms', 'get'>['items'][number];
export type FormQuery = QueryOf<'/api/mm/forms', 'get'>;
export type FormSortField = SortField<FormQuery['sort']>;
export type FormType = FormRow['formType'];
export type FormStatus = FormRow['status'];
export type FormChanges = BodyOf<'/api/mm/forms/{form_id}', 'patch'>;
export type FormFieldChoice = ResponseOf<'/api/mm/formFields', 'get'>['items'][number];
export type FormTheme = ResponseOf<'/api/mm/formThemes', 'get'>['items'][number];
export type Disclaimer = ResponseOf<'/api/mm/disclaimers', 'get'>['items'][number];

/** A form's definition as the builder edits it and the API validates it (marketing/forms/definition.py). */
export type Definition = components['schemas']['FormDefinition'];
export type Section = components['schemas']['FormSection'];
export type FieldDef = components['schemas']['FormFieldDef'];
export type FieldType = FieldDef['type'];

const form = (id: number) => ({ params: { path: { form_id: id } } });

export function listForms(query: FormQuery, signal?: AbortSignal) {
  return call(api.GET('/api/mm/forms', { params: { query }, signal }));
}

export function getForm(id: number, signal?: AbortSignal): Promise<Form> {
  return call(api.GET('/api/mm/forms/{form_id}', { ...form(id), signal }));
}

export function createForm(body: BodyOf<'/api/mm/forms', 'post'>): Promise<Form> {
  return call(api.POST('/api/mm/forms', { body }));
}

export function saveForm(id: number, body: FormChanges): Promise<Form> {
  return call(api.PATCH('/api/mm/forms/{form_id}', { ...form(id), body }));
}

export function deleteForm(id: number): Promise<void> {
  return call(api.DELETE('/api/mm/forms/{form_id}', form(id)));
}

export function duplicateForm(id: number): Promise<Form> {
  return call(api.POST('/api/mm/forms/{form_id}/duplicate', form(id)));
}

export function publishForm(id: number): Promise<Form> {
  return call(api.POST('/api/mm/forms/{form_id}/publish', form(id)));
}

export function unpublishForm(id: number): Promise<Form> {
  return call(api.POST('/api/mm/forms/{form_id}/unpublish', form(id)));
}

export function lockForm(id: number): Promise<Form> {
  return call(api.POST('/api/mm/forms/{form_id}/lock', form(id)));
}

export function unlockForm(id: number): Promise<Form> {
  return call(api.POST('/api/mm/forms/{form_id}/unlock', form(id)));
}

export async function listFormFields(signal?: AbortSignal): Promise<FormFieldChoice[]> {
  return (await call(api.GET('/api/mm/formFields', { signal }))).items;
}

export async function listFormThemes(signal?: AbortSignal): Promise<FormTheme[]> {
  return (await call(api.GET('/api/mm/formThemes', { signal }))).items;
}

export async function listDisclaimers(signal?: AbortSignal): Promise<Disclaimer[]> {
  return (await call(api.GET('/api/mm/disclaimers', { signal }))).items;
}
