import type { EditedStyles, StyleGroupKey, StyleProperty } from './api';

/** Spec 3's style groups, in the order a form shows them (plus the page around the form). */
export const styleGroups: { key: StyleGroupKey; label: string }[] = [
  { key: 'page', label: 'Form' },
  { key: 'title', label: 'Title' },
  { key: 'titleDescription', label: 'Title description' },
  { key: 'label', label: 'Label' },
  { key: 'field', label: 'Field' },
  { key: 'checkboxes', label: 'Checkboxes' },
  { key: 'radioButton', label: 'Radio button' },
  { key: 'radioAsButton', label: 'Radio as button' },
  { key: 'tagsGroups', label: 'Tags/groups as checkboxes' },
  { key: 'disclaimer', label: 'Disclaimer' },
  { key: 'submitButton', label: 'Submit button' },
  { key: 'nextButton', label: 'Next button' },
  { key: 'previousButton', label: 'Previous button' },
];

export type PropertyKind = 'color' | 'length' | 'box' | 'choice';

/** Every property a group has (marketing/forms/definition.py ThemeStyleGroup), how it is edited. */
export const styleProperties: { key: StyleProperty; label: string; kind: PropertyKind; choices?: readonly string[]; placeholder?: string }[] = [
  { key: 'fontFamily', label: 'Font family', kind: 'choice', choices: ['Arial', 'Helvetica', 'Georgia', 'Times New Roman', 'Verdana', 'Tahoma', 'Trebuchet MS', 'Courier New', 'system-ui', 'sans-serif', 'serif', 'monospace'] },
  { key: 'fontSize', label: 'Font size', kind: 'length', placeholder: '16px' },
  { key: 'fontWeight', label: 'Font weight', kind: 'choice', choices: ['normal', 'bold', '300', '400', '500', '600', '700'] },
  { key: 'fontStyle', label: 'Font style', kind: 'choice', choices: ['normal', 'italic'] },
  { key: 'color', label: 'Text colour', kind: 'color' },
  { key: 'backgroundColor', label: 'Background colour', kind: 'color' },
  { key: 'padding', label: 'Padding', kind: 'box', placeholder: '8px 16px' },
  { key: 'margin', label: 'Margin', kind: 'box', placeholder: '0 0 12px' },
  { key: 'borderWidth', label: 'Border width', kind: 'length', placeholder: '1px' },
  { key: 'borderStyle', label: 'Border style', kind: 'choice', choices: ['none', 'solid', 'dashed', 'dotted'] },
  { key: 'borderColor', label: 'Border colour', kind: 'color' },
  { key: 'borderRadius', label: 'Corner radius', kind: 'length', placeholder: '4px' },
  { key: 'textAlign', label: 'Alignment', kind: 'choice', choices: ['left', 'center', 'right'] },
  { key: 'width', label: 'Width', kind: 'length', placeholder: '100%' },
];

// The server's patterns (definition.py), so a value is marked before the save is refused.
const LENGTH = /^\d{1,3}(\.\d{1,2})?(px|em|rem|%)$/;
const BOX = /^(\d{1,3}(px|em|rem|%)?)( \d{1,3}(px|em|rem|%)?){0,3}$/;
const COLOR = /^(#[0-9A-Fa-f]{3,8}|rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+)\s*)?\)|transparent)$/;

export function propertyValid(kind: PropertyKind, value: string): boolean {
  if (!value || kind === 'choice') return true;
  if (kind === 'length') return LENGTH.test(value);
  if (kind === 'box') return BOX.test(value);
  return COLOR.test(value);
}


/** The styles without the values still being typed (the preview shows the valid ones). */
export function validStyles(styles: EditedStyles): EditedStyles {
  const kinds = new Map(styleProperties.map((property) => [property.key, property.kind]));
  const kept: EditedStyles = {};
  for (const [group, properties] of Object.entries(styles) as [StyleGroupKey, Partial<Record<StyleProperty, string>>][]) {
    const valid = Object.entries(properties ?? {}).filter(([key, value]) => value && propertyValid(kinds.get(key as StyleProperty) ?? 'choice', value));
    if (valid.length) kept[group] = Object.fromEntries(valid);
  }
  return kept;
}
