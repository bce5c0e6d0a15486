import type { Definition, FormFieldChoice } from './api';
import { addField, addSection, checkForm, errorUnder, moveField, moveSection, newDefinition, removeSection, splitSection } from './definition';

const choice = (key: string, type: FormFieldChoice['type'] = 'text', label = key): FormFieldChoice => ({ key, type, label, options: [] });
const keys = (definition: Definition) => definition.sections.map((section) => section.fields.map((field) => field.key));

function threeFields(): Definition {
  let definition = newDefinition();
  definition = addField(definition, 0, choice('firstName'));
  return addField(definition, 0, choice('lastName'));
}

test('a new form holds the required Email field, double opt-in texts and one section', () => {
  const definition = newDefinition();
  expect(keys(definition)).toEqual([['email']]);
  expect(definition.sections[0].fields[0]).toMatchObject({ type: 'email', required: true });
  expect([definition.submitText, definition.nextText, definition.previousText]).toEqual(['Submit', 'Next', 'Previous']);
});

test('a field is added once, with its registry type; a checkbox field gets a separator', () => {
  let definition = threeFields();
  expect(addField(definition, 0, choice('firstName'))).toBe(definition);
  definition = addField(definition, 0, choice('custom.interests', 'checkbox', 'Interests'));
  expect(definition.sections[0].fields[3]).toMatchObject({ key: 'custom.interests', type: 'checkbox', label: 'Interests', separator: ',', required: false });
});

test('reorder: up and down inside a section, and across into the next or previous section', () => {
  let definition = threeFields();
  definition = moveField(definition, 0, 2, -1);
  expect(keys(definition)).toEqual([['email', 'lastName', 'firstName']]);
  expect(moveField(definition, 0, 0, -1)).toBe(definition); // the very first place
  definition = addSection(definition);
  definition = moveField(definition, 0, 2, 1);
  expect(keys(definition)).toEqual([['email', 'lastName'], ['firstName']]);
  definition = moveField(definition, 1, 0, -1);
  expect(keys(definition)).toEqual([['email', 'lastName', 'firstName'], []]);
});

test('step split: the field and those after it become the next step; sections move and the last one stays', () => {
  let definition = threeFields();
  expect(splitSection(definition, 0, 0)).toBe(definition);
  definition = splitSection(definition, 0, 1);
  expect(keys(definition)).toEqual([['email'], ['firstName', 'lastName']]);
  expect(new Set(definition.sections.map((section) => section.id)).size).toBe(2);
  definition = moveSection(definition, 1, -1);
  expect(keys(definition)).toEqual([['firstName', 'lastName'], ['email']]);
  definition = removeSection(definition, 0);
  expect(keys(definition)).toEqual([['email']]);
  expect(removeSection(definition, 0)).toBe(definition);
});

test("the builder's own checks, worded and keyed as the API's", () => {
  let definition = addSection(newDefinition());
  definition = addField(definition, 0, { ...choice('custom.interests', 'checkbox'), label: 'Interests' });
  definition.sections[0].fields[1].separator = '';
  const errors = checkForm(definition, { name: ' ', formType: 'surveyForm', surveyPath: '' }, true);
  expect(errors).toEqual({
    name: ['Please fill Form Name '],
    'definition.sections.1.fields': ['Each dynamic form section must have fields.'],
    'definition.sections.0.fields.1.separator': ['Please fill Separator '],
    surveyPath: ['A survey form needs a unique URL path.'],
  });
  expect(checkForm(definition, { name: 'x', formType: 'surveyForm', surveyPath: '' }, false).surveyPath).toBeUndefined();
  expect(errorUnder(errors, 'definition.sections.0')).toBe('Please fill Separator ');
});
