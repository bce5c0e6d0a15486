import { messages } from '../../../lib/messages';
import type { FieldType } from './api';

export const fieldTypes: FieldType[] = ['text', 'number', 'date', 'radio', 'dropdown', 'checkbox'];

/** Radio, dropdown and checkbox fields choose from a list of items. */
export function hasOptions(fieldType: string): boolean {
  return fieldType === 'radio' || fieldType === 'dropdown' || fieldType === 'checkbox';
}

/** Spec 5.7: list items must be unique (compared trimmed and case-insensitively); blank items are dropped. */
export function cleanOptions(options: string[]): { options: string[]; error: string | null } {
  const cleaned = options.map((option) => option.trim()).filter(Boolean);
  const seen = new Set(cleaned.map((option) => option.toLowerCase()));
  return { options: cleaned, error: seen.size === cleaned.length ? null : messages.fieldItemsUnique };
}
