import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';
import { forgetHeldToken } from '../lib/credentials';

// findBy* and waitFor wait up to 5 s (the library's default is 1 s): in `make test` a
// lazily loaded screen (the campaign report, with its charts) took 1.15 s to appear while
// vitest's workers shared the 2 cores, and the test failed though nothing was wrong.
configure({ asyncUtilTimeout: 5_000 });

// Mantine reads these browser APIs, which jsdom lacks.
const { getComputedStyle } = window;
window.getComputedStyle = (element: Element) => getComputedStyle(element);
window.HTMLElement.prototype.scrollIntoView = () => undefined;

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

class ResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserver;

afterEach(() => {
  sessionStorage.clear();
  forgetHeldToken();
  document.cookie = 'csrftoken=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
