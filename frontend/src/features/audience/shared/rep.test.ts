import { repDisplayName } from './rep';

test.each([
  [{ firstName: 'Ann', lastName: 'Lee', email: 'ann@x.com' }, 'Ann Lee'],
  [{ firstName: 'Ann', lastName: '', email: 'ann@x.com' }, 'Ann'],
  [{ firstName: '', lastName: 'Lee', email: 'ann.lee@x.com' }, 'ann.lee'],
  [{ firstName: '', lastName: '', email: '' }, 'InsufficientDetails'],
  [null, 'No Rep'],
])('%j shows as %s', (rep, expected) => {
  expect(repDisplayName(rep)).toBe(expected);
});
