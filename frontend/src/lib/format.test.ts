import { formatBadgeCount, formatNumber } from './format';

test('badge counts cap at 99+ from 100', () => {
  expect(formatBadgeCount(0)).toBe('0');
  expect(formatBadgeCount(99)).toBe('99');
  expect(formatBadgeCount(100)).toBe('99+');
  expect(formatBadgeCount(12345)).toBe('99+');
});

test('numbers use thousands separators', () => {
  expect(formatNumber(1234567)).toBe('1,234,567');
  expect(formatNumber(999)).toBe('999');
});
