import { cleanOptions, hasOptions } from './field-rules';

test('radio, dropdown and checkbox fields have list items; the others do not', () => {
  expect(['radio', 'dropdown', 'checkbox'].every(hasOptions)).toBe(true);
  expect(['text', 'number', 'date'].some(hasOptions)).toBe(false);
});

test('list items are trimmed and blank ones dropped', () => {
  expect(cleanOptions([' Red ', '', 'Blue'])).toEqual({ options: ['Red', 'Blue'], error: null });
});

test('duplicate list items are refused, whatever their case', () => {
  expect(cleanOptions(['Red', 'red ']).error).toBe('Profile field list items must be unique.');
});
