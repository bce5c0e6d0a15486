import type { Choice } from '../../../components/search-select/pickers';

export type { Choice };

/** What the side panel's selects offer: the client's templates, groups, tags, fields and segments. */
/** A profile field (the segment builder's): its key, label, type and the operators a condition may use on it. */
export interface FieldChoice extends Choice {
  type: string;
  operators: string[];
}

export interface PanelOptions {
  templates: Choice[];
  senders: Choice[];
  groups: Choice[];
  tags: Choice[];
  fields: FieldChoice[];
  segments: Choice[];
}

export const noOptions: PanelOptions = { templates: [], senders: [], groups: [], tags: [], fields: [], segments: [] };

/** Names for node summaries, by "kind:id". */
export function optionNames(options: PanelOptions): Record<string, string> {
  const names: Record<string, string> = {};
  for (const [kind, list] of [
    ['template', options.templates],
    ['group', options.groups],
    ['tag', options.tags],
    ['segment', options.segments],
  ] as const) {
    for (const choice of list) names[`${kind}:${choice.value}`] = choice.label;
  }
  return names;
}

/** A multi-select's values as strings, and back as the ids the definition keeps. */
export const asChoices = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);
export const fromChoices = (values: string[]): number[] => values.map(Number).filter((each) => Number.isInteger(each));

/** A select's value as a string ('' for none) and back as the id the definition keeps. */
export const asChoice = (value: unknown): string | null => (value === undefined || value === null || value === '' ? null : String(value));
export const fromChoice = (value: string | null): number | string | null => (value === null ? null : /^\d+$/.test(value) ? Number(value) : value);
