import { isValidDomain } from './domain';

test.each(['example.com', 'mail.example.co.uk', 'my_host-1.example.museum', 'a.io'])('%s is a domain', (domain) => {
  expect(isValidDomain(domain)).toBe(true);
});

test.each([
  ['no top-level domain', 'localhost'],
  ['a one-letter top-level domain', 'example.c'],
  ['a seven-letter top-level domain', 'example.abcdefg'],
  ['a numeric top-level domain', 'example.123'],
  ['a leading ://', '://example.com'],
  ['a scheme', 'https://example.com'],
  ['a label over 63 characters', `${'a'.repeat(64)}.com`],
  ['an empty label', 'example..com'],
  ['a space', 'exa mple.com'],
  ['an empty value', ''],
])('refuses %s', (_case, domain) => {
  expect(isValidDomain(domain)).toBe(false);
});

test('a 63-character label is accepted', () => {
  expect(isValidDomain(`${'a'.repeat(63)}.com`)).toBe(true);
});
