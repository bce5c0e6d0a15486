import { fillErrors } from '../../lib/form-helper';
import { templateMessages as text } from './messages';

/** Spec 5.1: the plain-text editor's placeholder contents count as empty. */
export function isPlainTextEmpty(value: string, placeholder: string): boolean {
  const trimmed = value.trim();
  return trimmed === '' || trimmed === placeholder.trim();
}

/** What stops a plain-text template from being saved: its name and its text are required (spec 5.1, 5.4). */
export function plainTextErrors(values: { name: string; text: string }, placeholder: string): string[] {
  return fillErrors([
    { label: text.name, value: values.name },
    { label: text.plainText, value: isPlainTextEmpty(values.text, placeholder) ? '' : values.text },
  ]);
}
