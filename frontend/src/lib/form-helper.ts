/** Spec 5.1: empty means '', null, undefined or an empty array. */
export function isEmpty(value: unknown): boolean {
  return value === '' || value === null || value === undefined || (Array.isArray(value) && value.length === 0);
}

export interface RequiredField {
  label: string;
  value: unknown;
}

/**
 * Spec 5.1's form helper: one 'Please fill {field} ' message (trailing space included, as
 * the product writes it) for every required field that is empty, in the order given.
 */
export function fillErrors(fields: RequiredField[]): string[] {
  return fields.filter((field) => isEmpty(typeof field.value === 'string' ? field.value.trim() : field.value)).map((field) => `Please fill ${field.label} `);
}
