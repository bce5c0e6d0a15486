import type { FieldErrors } from './rules';

/** What every group of panel fields gets: the draft of the node, a setter, and the errors to show beside each field. */
export interface FieldsProps {
  values: Record<string, unknown>;
  set: (key: string, value: unknown) => void;
  /** Several fields at once (undefined removes one). */
  setAll: (fields: Record<string, unknown>) => void;
  errors: FieldErrors;
}

export const text = (value: unknown): string => (value === undefined || value === null ? '' : String(value));
