import { afterEach, expect, test, vi } from 'vitest';
import { appStorage } from './app-storage';

afterEach(() => vi.restoreAllMocks());

test('uses session storage when the browser allows it', () => {
  appStorage.setItem('k', 'v');
  expect(sessionStorage.getItem('k')).toBe('v');
});

test('keeps values in memory when session storage is blocked', () => {
  vi.spyOn(window, 'sessionStorage', 'get').mockImplementation(() => {
    throw new DOMException('blocked', 'SecurityError');
  });
  appStorage.setItem('token', 't-1');
  expect(appStorage.getItem('token')).toBe('t-1');
  appStorage.clear();
  expect(appStorage.getItem('token')).toBeNull();
});
