import { fillErrors } from '../../../lib/form-helper';
import { messages } from '../../../lib/messages';
import type { ImportUpload } from './api';
import type { ProfileField } from '../fields/api';

/** Mapping of column index (as text) to field key; '' leaves a column out. */
export type Mapping = Record<string, string>;

export const emailKey = 'emailId';
const customPrefix = 'custom.';

/** Every column, pre-filled from the server's suggestion. */
export function initialMapping(upload: Pick<ImportUpload, 'headers' | 'suggestedMapping'>): Mapping {
  const suggested = upload.suggestedMapping as Record<string, string>;
  return Object.fromEntries(upload.headers.map((_, index) => [String(index), suggested[String(index)] ?? '']));
}

export function checkboxKeys(fields: Pick<ProfileField, 'key' | 'fieldType'>[]): Set<string> {
  return new Set(fields.filter((field) => field.fieldType === 'checkbox').map((field) => customPrefix + field.key));
}

/** Spec 5.6: a separator is needed once a checkbox field is mapped. */
export function needsSeparator(mapping: Mapping, checkboxes: Set<string>): boolean {
  return Object.values(mapping).some((key) => checkboxes.has(key));
}

/** The mapping step's rules (spec 5.6), in the order the server checks them. */
export function mappingErrors(
  mapping: Mapping,
  fields: ImportUpload['fields'],
  checkboxes: Set<string>,
  separator: string,
): string[] {
  const mapped = Object.values(mapping).filter(Boolean);
  if (new Set(mapped).size !== mapped.length) return [messages.fieldMappedTwice];
  const missing = fields.filter((field) => field.required && !mapped.includes(field.key));
  if (missing.some((field) => field.key === emailKey)) return [messages.emailMustBeMapped];
  if (missing.length) return fillErrors(missing.map((field) => ({ label: field.label, value: '' })));
  if (needsSeparator(mapping, checkboxes) && !separator.trim()) return [messages.separatorRequired];
  return [];
}

/** What POST /imports/{id}/start takes: only the mapped columns. */
export function mappedColumns(mapping: Mapping): Mapping {
  return Object.fromEntries(Object.entries(mapping).filter(([, key]) => key));
}
