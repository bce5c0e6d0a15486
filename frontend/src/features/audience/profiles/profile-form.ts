import { fillErrors } from '../../../lib/form-helper';
import { messages } from '../../../lib/messages';
import type { Profile, ProfilePatch } from './api';
import type { ProfileField } from '../fields/api';

/** The import fields of spec 3 besides email and rep, in the order the form shows them. */
export const textFields = [
  ['firstName', messages.fieldFirstName],
  ['lastName', messages.fieldLastName],
  ['phone', messages.fieldPhone],
  ['company', messages.fieldCompany],
  ['title', messages.fieldTitle],
  ['address1', messages.fieldAddress1],
  ['address2', messages.fieldAddress2],
  ['city', messages.fieldCity],
  ['state', messages.fieldState],
  ['country', messages.fieldCountry],
  ['county', messages.fieldCounty],
  ['zipCode', messages.fieldZipCode],
] as const;

export type TextField = (typeof textFields)[number][0];

export type ProfileForm = Record<TextField, string> & {
  email: string;
  repId: string | null;
  doNotEmail: boolean;
  groupIds: string[];
  tagIds: string[];
  custom: Record<string, string | string[]>;
};

export function emptyForm(): ProfileForm {
  const text = Object.fromEntries(textFields.map(([key]) => [key, ''])) as Record<TextField, string>;
  return { ...text, email: '', repId: null, doNotEmail: false, groupIds: [], tagIds: [], custom: {} };
}

function customToForm(value: unknown): string | string[] {
  if (Array.isArray(value)) return value.map(String);
  return value === null || value === undefined ? '' : String(value);
}

export function formFromProfile(profile: Profile): ProfileForm {
  const text = Object.fromEntries(textFields.map(([key]) => [key, profile[key] ?? ''])) as Record<TextField, string>;
  return {
    ...text,
    email: profile.email,
    repId: profile.repId === null || profile.repId === undefined ? null : String(profile.repId),
    doNotEmail: profile.doNotEmail,
    groupIds: profile.groups.map((group) => String(group.id)),
    tagIds: profile.tags.map((tag) => String(tag.id)),
    custom: Object.fromEntries(Object.entries(profile.custom ?? {}).map(([key, value]) => [key, customToForm(value)])),
  };
}

/** A custom field's value as the form sends it: list fields send their ticked items, empty ones null. */
type CustomValue = string | number | string[] | null;

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function validYear(value: string): boolean {
  const year = Number(value.slice(0, 4));
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && year >= 1700 && year <= 2260;
}

/** Spec 5.1's form helper for the required fields, then the field rules of spec 5.7. */
export function validateProfile(form: ProfileForm, fields: ProfileField[]): string[] {
  const missing = fillErrors([
    { label: messages.fieldEmail, value: form.email },
    { label: messages.fieldGroups, value: form.groupIds },
  ]);
  if (missing.length) return missing;
  const errors: string[] = [];
  if (!emailPattern.test(form.email.trim())) errors.push(messages.invalidEmail);
  for (const field of fields) {
    const value = form.custom[field.key];
    if (typeof value !== 'string' || value === '') continue;
    if (field.fieldType === 'number' && Number.isNaN(Number(value))) errors.push(`${field.label}: ${messages.invalidNumber}`);
    if (field.fieldType === 'date' && !validYear(value)) errors.push(`${field.label}: ${messages.yearRange}`);
  }
  return errors;
}

function customToWire(form: ProfileForm, fields: ProfileField[]): Record<string, CustomValue> {
  const custom: Record<string, CustomValue> = {};
  for (const field of fields) {
    const value = form.custom[field.key];
    if (value === undefined) continue;
    if (Array.isArray(value)) custom[field.key] = value;
    else if (value === '') custom[field.key] = null;
    else custom[field.key] = field.fieldType === 'number' ? Number(value) : value;
  }
  return custom;
}

/** The body to send; on edit the email is left out when unchanged (the server refuses "the same email"). */
export function toProfileIn(form: ProfileForm, fields: ProfileField[], original?: Profile): ProfilePatch {
  const text = Object.fromEntries(textFields.map(([key]) => [key, form[key].trim()]));
  const body: ProfilePatch = {
    ...text,
    repId: form.repId ? Number(form.repId) : null,
    doNotEmail: form.doNotEmail,
    groupIds: form.groupIds.map(Number),
    tagIds: form.tagIds.map(Number),
    custom: customToWire(form, fields),
  };
  const email = form.email.trim();
  if (!original || email.toLowerCase() !== original.email.toLowerCase()) body.email = email;
  return body;
}
