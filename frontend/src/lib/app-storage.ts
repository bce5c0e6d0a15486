/**
 * Session storage that survives a browser blocking third-party storage: inside the parent
 * suite's cross-site iframe, touching `window.sessionStorage` may throw a SecurityError.
 * Then the app keeps its session info in memory for the life of the page.
 */
interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  clear(): void;
}

function memoryStore(): KeyValueStore {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
    clear: () => values.clear(),
  };
}

function browserStore(): KeyValueStore | null {
  try {
    const store = window.sessionStorage;
    store.getItem('');
    return store;
  } catch {
    return null;
  }
}

let fallback: KeyValueStore | null = null;

function store(): KeyValueStore {
  const browser = browserStore();
  if (browser) return browser;
  fallback ??= memoryStore();
  return fallback;
}

export const appStorage: KeyValueStore = {
  getItem: (key) => store().getItem(key),
  setItem: (key, value) => store().setItem(key, value),
  removeItem: (key) => store().removeItem(key),
  clear: () => store().clear(),
};
