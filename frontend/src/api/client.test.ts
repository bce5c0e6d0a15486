import { jsonResponse, mockFetch } from '../test-utils/fetch';
import { ApiError, apiRequest, setSessionExpiredHandler } from './client';

const settled = async (promise: Promise<unknown>) => {
  const marker = Symbol('pending');
  const result = await Promise.race([promise.then(() => 'settled', () => 'settled'), new Promise((r) => setTimeout(() => r(marker), 20))]);
  return result !== marker;
};

beforeEach(() => {
  window.history.replaceState(null, '', '/campaignListView');
});

test('sends JSON with credentials, no-cache and the held bearer token', async () => {
  sessionStorage.setItem('mc.token', 'abc');
  const fetchMock = mockFetch({ '/api/thing': () => jsonResponse(200, { ok: 1 }) });
  await expect(apiRequest('/api/thing', { method: 'POST', body: { a: 1 }, query: { x: 'y', skip: undefined } })).resolves.toEqual({ ok: 1 });
  const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
  expect(url).toBe('/api/thing?x=y');
  expect(init).toMatchObject({ method: 'POST', credentials: 'include', cache: 'no-store', body: '{"a":1}' });
  const headers = init.headers as Headers;
  expect(headers.get('Authorization')).toBe('Bearer abc');
  expect(headers.get('Cache-Control')).toBe('no-cache');
  expect(headers.get('Content-Type')).toBe('application/json');
});

test('sends no Authorization header without a token', async () => {
  const fetchMock = mockFetch({ '/api/thing': () => jsonResponse(200, {}) });
  await apiRequest('/api/thing');
  expect(((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].headers as Headers).has('Authorization')).toBe(false);
});

test('a non-OK answer rejects with an ApiError carrying status, message and field errors', async () => {
  mockFetch({ '/api/thing': () => jsonResponse(400, { message: 'Invalid Request', errors: { name: ['Required'] } }) });
  const error = await apiRequest('/api/thing').catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(ApiError);
  expect(error).toMatchObject({ status: 400, message: 'Invalid Request', errors: { name: ['Required'] } });
});

test('a non-OK answer without a JSON body still rejects with the generic message', async () => {
  mockFetch({ '/api/thing': () => new Response('<html>oops</html>', { status: 500 }) });
  await expect(apiRequest('/api/thing')).rejects.toMatchObject({ status: 500, message: 'Something went wrong.' });
});

test('a network failure is rethrown with its message, or "Network request failed"', async () => {
  vi.stubGlobal('fetch', vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockRejectedValueOnce(new TypeError('')));
  await expect(apiRequest('/api/thing')).rejects.toThrow('Failed to fetch');
  await expect(apiRequest('/api/thing')).rejects.toThrow('Network request failed');
});

test('an aborted request never settles, so no error is shown for it', async () => {
  vi.stubGlobal('fetch', vi.fn((_url: string, init: RequestInit) =>
    new Promise((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')))),
  ));
  const controller = new AbortController();
  const request = apiRequest('/api/thing', { signal: controller.signal });
  controller.abort();
  expect(await settled(request)).toBe(false);
});

test('a 301 outside public pages goes to /sessionout and never settles', async () => {
  const expired = vi.fn();
  setSessionExpiredHandler(expired);
  mockFetch({ '/api/thing': () => jsonResponse(301, { message: 'Session expired' }) });
  const request = apiRequest('/api/thing');
  expect(await settled(request)).toBe(false);
  expect(expired).toHaveBeenCalledTimes(1);
});

test('a 301 on a public page, or when the caller handles it, rejects instead', async () => {
  const expired = vi.fn();
  setSessionExpiredHandler(expired);
  mockFetch({ '/api/thing': () => jsonResponse(301, { message: 'Session expired' }) });
  await expect(apiRequest('/api/thing', { handleSessionExpiry: false })).rejects.toMatchObject({ status: 301 });
  window.history.replaceState(null, '', '/OptoutForm/3');
  await expect(apiRequest('/api/thing')).rejects.toMatchObject({ status: 301 });
  expect(expired).not.toHaveBeenCalled();
});
