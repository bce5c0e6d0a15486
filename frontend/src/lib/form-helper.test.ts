import { fillErrors, isEmpty } from './form-helper';

test.each([
  ['', true],
  [null, true],
  [undefined, true],
  [[], true],
  ['x', false],
  [0, false],
  [['a'], false],
  [false, false],
])('isEmpty(%j) is %s', (value, expected) => {
  expect(isEmpty(value)).toBe(expected);
});

test("builds 'Please fill {field} ' (with its trailing space) for each empty field, in order", () => {
  expect(
    fillErrors([
      { label: 'Email', value: '   ' },
      { label: 'Name', value: 'Ann' },
      { label: 'Group', value: [] },
    ]),
  ).toEqual(['Please fill Email ', 'Please fill Group ']);
});

test('no message when every field is filled', () => {
  expect(fillErrors([{ label: 'Group', value: ['1'] }])).toEqual([]);
});
