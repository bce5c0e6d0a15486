import { formatBadgeCount, formatClientDateTime, formatNumber } from './format';

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

describe('formatClientDateTime', () => {
  test("shows a UTC timestamp in the client's zone, not the browser's", () => {
    expect(formatClientDateTime('2024-01-31T20:15:00Z', 330)).toBe('2024-02-01 01:45');
    expect(formatClientDateTime('2024-01-31T02:00:00Z', -300)).toBe('2024-01-30 21:00');
  });

  test('empty or unreadable values show nothing', () => {
    expect(formatClientDateTime(null, 0)).toBe('');
    expect(formatClientDateTime('soon', 0)).toBe('');
  });
});
