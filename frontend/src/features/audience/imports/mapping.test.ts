import { checkboxKeys, initialMapping, mappedColumns, mappingErrors, needsSeparator } from './mapping';

const fields = [
  { key: 'emailId', label: 'Email', required: true },
  { key: 'firstName', label: 'First Name', required: false },
  { key: 'custom.colours', label: 'Colours', required: false },
];
const checkboxes = checkboxKeys([
  { key: 'colours', fieldType: 'checkbox' },
  { key: 'size', fieldType: 'dropdown' },
]);

test('every column is listed, pre-filled from suggestedMapping, others left out', () => {
  expect(initialMapping({ headers: ['E-mail', 'Name', 'Notes'], suggestedMapping: { '0': 'emailId', '1': 'firstName' } })).toEqual({
    '0': 'emailId',
    '1': 'firstName',
    '2': '',
  });
});

test('the email address must be mapped', () => {
  expect(mappingErrors({ '0': 'firstName', '1': '' }, fields, checkboxes, '')).toEqual(['The email address must be mapped.']);
});

test('a field may be mapped to one column only', () => {
  expect(mappingErrors({ '0': 'emailId', '1': 'emailId' }, fields, checkboxes, '')).toEqual(['A field can be mapped to one column only.']);
});

test('a mapped checkbox field needs a separator', () => {
  const mapping = { '0': 'emailId', '1': 'custom.colours' };
  expect(needsSeparator(mapping, checkboxes)).toBe(true);
  expect(mappingErrors(mapping, fields, checkboxes, ' ')).toEqual(['A separator is required for checkbox fields.']);
  expect(mappingErrors(mapping, fields, checkboxes, ';')).toEqual([]);
});

test('without a checkbox field no separator is asked for', () => {
  const mapping = { '0': 'emailId', '1': 'firstName' };
  expect(needsSeparator(mapping, checkboxes)).toBe(false);
  expect(mappingErrors(mapping, fields, checkboxes, '')).toEqual([]);
});

test('other required fields use the form helper message', () => {
  const withPhone = [...fields, { key: 'phone', label: 'Phone', required: true }];
  expect(mappingErrors({ '0': 'emailId' }, withPhone, checkboxes, '')).toEqual(['Please fill Phone ']);
});

test('only mapped columns are sent', () => {
  expect(mappedColumns({ '0': 'emailId', '1': '', '2': 'firstName' })).toEqual({ '0': 'emailId', '2': 'firstName' });
});
