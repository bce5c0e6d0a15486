import type { Definition, FieldDef, FormFieldChoice, FormType, Section } from './api';
import { formMessages as text } from './messages';

/**
 * The builder's edits of a form definition, each a pure function returning a new definition
 * (marketing/forms/definition.py is the shape; services/checking.py the rules). Errors are
 * keyed as the API keys them ("name", "definition.sections.0.fields.1.separator", ...), so
 * the builder shows its own checks and the server's answer in the same places.
 */
export type Errors = Record<string, string[]>;

export const DEFAULT_SEPARATOR = ',';

/** A new form's definition, as the API would start it: one section holding the required Email field. */
export function newDefinition(): Definition {
  return {
    title: '',
    description: '',
    multiStep: false,
    sections: [{ id: 's1', title: '', fields: [{ key: 'email', type: 'email', label: 'Email', required: true, placeholder: '', separator: '', asButtons: false }] }],
    groups: { fixed: [], choices: [], label: '' },
    tags: { fixed: [], choices: [], label: '' },
    hidden: [],
    utm: true,
    submitText: 'Submit',
    nextText: 'Next',
    previousText: 'Previous',
    thankYou: { kind: 'page', html: '', url: '' },
    confirmation: { subject: 'Please confirm your subscription', fromName: '' },
    popup: { enabled: false, frequency: 1, duration: 1, delaySeconds: 5, scrollPercent: null, exitIntent: false },
  };
}

/** A field as the palette adds it: the registry's label and type; a checkbox field gets a separator (spec 5.6). */
export function fieldFrom(choice: FormFieldChoice): FieldDef {
  return {
    key: choice.key,
    type: choice.type,
    label: choice.label,
    required: choice.key === 'email',
    placeholder: '',
    separator: choice.type === 'checkbox' ? DEFAULT_SEPARATOR : '',
    asButtons: false,
  };
}

/** An edit setting one top-level value (the value is read now, not when React applies the edit). */
export function withValue<K extends keyof Definition>(key: K, value: Definition[K]) {
  return (definition: Definition): Definition => ({ ...definition, [key]: value });
}

export function usedKeys(definition: Definition): Set<string> {
  return new Set(definition.sections.flatMap((section) => section.fields.map((field) => field.key)));
}

function withSections(definition: Definition, sections: Section[]): Definition {
  return { ...definition, sections };
}

function withFields(definition: Definition, index: number, fields: FieldDef[]): Definition {
  return withSections(
    definition,
    definition.sections.map((section, i) => (i === index ? { ...section, fields } : section)),
  );
}

/** Adds the field at the end of section `index`; a field already on the form is not added twice. */
export function addField(definition: Definition, index: number, choice: FormFieldChoice): Definition {
  if (usedKeys(definition).has(choice.key) || !definition.sections[index]) return definition;
  return withFields(definition, index, [...definition.sections[index].fields, fieldFrom(choice)]);
}

export function updateField(definition: Definition, index: number, position: number, changes: Partial<FieldDef>): Definition {
  const fields = definition.sections[index].fields.map((field, j) => (j === position ? { ...field, ...changes } : field));
  return withFields(definition, index, fields);
}

export function removeField(definition: Definition, index: number, position: number): Definition {
  return withFields(definition, index, definition.sections[index].fields.filter((_field, j) => j !== position));
}

/**
 * Moves a field one place up (-1) or down (+1). Past the first or last place of its section
 * it moves into the section before or after (the end or the start of it), so that the
 * up and down buttons alone can put any field anywhere.
 */
export function moveField(definition: Definition, index: number, position: number, delta: -1 | 1): Definition {
  const fields = definition.sections[index].fields;
  const target = position + delta;
  if (target >= 0 && target < fields.length) {
    const moved = [...fields];
    [moved[position], moved[target]] = [moved[target], moved[position]];
    return withFields(definition, index, moved);
  }
  const neighbour = index + delta;
  if (neighbour < 0 || neighbour >= definition.sections.length) return definition;
  const field = fields[position];
  const sections = definition.sections.map((section, i) => {
    if (i === index) return { ...section, fields: fields.filter((_each, j) => j !== position) };
    if (i === neighbour) return { ...section, fields: delta < 0 ? [...section.fields, field] : [field, ...section.fields] };
    return section;
  });
  return withSections(definition, sections);
}

/** An id no section of the definition has (the API's pattern: letters, digits, - and _). */
export function nextSectionId(definition: Definition): string {
  const taken = new Set(definition.sections.map((section) => section.id));
  let n = definition.sections.length + 1;
  while (taken.has(`s${n}`)) n += 1;
  return `s${n}`;
}

export function addSection(definition: Definition): Definition {
  return withSections(definition, [...definition.sections, { id: nextSectionId(definition), title: '', fields: [] }]);
}

export function updateSection(definition: Definition, index: number, changes: Partial<Pick<Section, 'title'>>): Definition {
  return withSections(
    definition,
    definition.sections.map((section, i) => (i === index ? { ...section, ...changes } : section)),
  );
}

/** Removes a section with its fields; the last section stays (a form needs one). */
export function removeSection(definition: Definition, index: number): Definition {
  if (definition.sections.length <= 1) return definition;
  return withSections(definition, definition.sections.filter((_section, i) => i !== index));
}

export function moveSection(definition: Definition, index: number, delta: -1 | 1): Definition {
  const target = index + delta;
  if (target < 0 || target >= definition.sections.length) return definition;
  const sections = [...definition.sections];
  [sections[index], sections[target]] = [sections[target], sections[index]];
  return withSections(definition, sections);
}

/**
 * Splits a section before field `position`: that field and those after it become a new
 * section (a new step of a multi-step form) right after it. Splitting before the first
 * field would leave an empty section, so it changes nothing.
 */
export function splitSection(definition: Definition, index: number, position: number): Definition {
  const section = definition.sections[index];
  if (!section || position <= 0 || position >= section.fields.length) return definition;
  const rest: Section = { id: nextSectionId(definition), title: '', fields: section.fields.slice(position) };
  const sections = [...definition.sections];
  sections.splice(index, 1, { ...section, fields: section.fields.slice(0, position) }, rest);
  return withSections(definition, sections);
}

export interface FormSettings {
  name: string;
  formType: FormType;
  surveyPath: string;
}

/**
 * The rules the builder checks before asking the server, worded and keyed as the server
 * words and keys them: the name (spec 5.1, 5.4), a section without fields (spec 5.5), a
 * checkbox field without its separator (spec 5.6), a published survey's URL path (spec 5.5).
 */
export function checkForm(definition: Definition, settings: FormSettings, publishing = false): Errors {
  const errors: Errors = {};
  const add = (key: string, message: string) => {
    (errors[key] ??= []).push(message);
  };
  if (!settings.name.trim()) add('name', text.fill(text.formName));
  if (definition.sections.length === 0) add('definition.sections', text.sectionEmpty);
  definition.sections.forEach((section, i) => {
    if (section.fields.length === 0) add(`definition.sections.${i}.fields`, text.sectionEmpty);
    section.fields.forEach((field, j) => {
      if (field.type === 'checkbox' && !field.separator) add(`definition.sections.${i}.fields.${j}.separator`, text.fill(text.separator));
    });
  });
  if (publishing && settings.formType === 'surveyForm' && !settings.surveyPath.trim()) add('surveyPath', text.surveyPathRequired);
  return errors;
}

/** The first message at `key`, for the field it belongs beside. */
export function errorAt(errors: Errors, key: string): string | undefined {
  return errors[key]?.[0];
}

/** The first message at `key` or anywhere below it (a section's field errors, shown on the section). */
export function errorUnder(errors: Errors, key: string): string | undefined {
  const found = Object.entries(errors).find(([at]) => at === key || at.startsWith(`${key}.`));
  return found?.[1][0];
}
