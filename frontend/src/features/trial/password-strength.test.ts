import { expect, test } from 'vitest';
import { passwordStrength } from './password-strength';

test('a password shorter than 8 is too weak whatever it holds', () => {
  expect(passwordStrength('Ab1!')).toBe(0);
});

test('strength grows with the kinds of characters and the length', () => {
  expect(passwordStrength('abcdefgh')).toBe(1);
  expect(passwordStrength('abcdefg1')).toBe(1);
  expect(passwordStrength('abcdEfg1')).toBe(2);
  expect(passwordStrength('abcdEfg1!')).toBe(3);
  expect(passwordStrength('abcdEfg1!-long-one')).toBe(4);
});
