import { jsonResponse, mockFetch } from '../test-utils/fetch';
import { keepTokenIfCookiesRefused } from '../lib/credentials';
import { api, ApiError, call, setSessionExpiredHandler } from './client';

const settled = async (promise: Promise<unknown>) => {
  const marker = Symbol('pending');
  const result = await Promise.race([promise.then(() => 'settled', () => 'settled'), new Promise((r) => setTimeout(() => r(marker), 20))]);
  return result !== marker;
};

const listGroups = (signal?: AbortSignal) => call(api.GET('/api/mm/groups', { signal }));

beforeEach(() => {
  window.history.replaceState(null, '', '/campaignListView');
});

test('sends JSON with credentials, no-cache and the bearer token held when cookies were refused', async () => {
  keepTokenIfCookiesRefused('abc');
  const fetchMock = mockFetch({ '/api/mm/tags': () => jsonResponse(201, { id: 1, name: 'A' }) });
  await expect(call(api.POST('/api/mm/tags', { body: { name: 'A' } }))).resolves.toEqual({ id: 1, name: 'A' });
  const [url, init] = fetchMock.mock.calls[0];
  expect(url).toBe('/api/mm/tags');
  expect(init).toMatchObject({ method: 'POST', credentials: 'include', cache: 'no-store', body: '{"name":"A"}' });
  expect(init.headers.get('Authorization')).toBe('Bearer abc');
  expect(init.headers.get('Cache-Control')).toBe('no-cache');
  expect(init.headers.get('Accept')).toBe('application/json');
  expect(init.headers.get('Content-Type')).toBe('application/json');
  expect(init.headers.get('X-CSRFToken')).toBeNull();
});

test('with the session cookie, a write carries the CSRF cookie back and no token is held', async () => {
  document.cookie = 'csrftoken=c%2Bsrf';
  keepTokenIfCookiesRefused('abc');
  const fetchMock = mockFetch({
    '/api/mm/tags': () => jsonResponse(201, { id: 1, name: 'A' }),
    '/api/mm/groups': () => jsonResponse(200, { items: [], total: 0, totalIsEstimate: false, page: 1, pageSize: 10 }),
  });
  await call(api.POST('/api/mm/tags', { body: { name: 'A' } }));
  await call(api.GET('/api/mm/groups'));
  const [write, read] = fetchMock.mock.calls.map(([, init]) => init.headers);
  expect(write.get('X-CSRFToken')).toBe('c+srf');
  expect(write.get('Authorization')).toBeNull();
  expect(read.get('X-CSRFToken')).toBeNull();
  expect(sessionStorage.length).toBe(0);
});

test('the query leaves out empty values; path parameters are filled in', async () => {
  const fetchMock = mockFetch({
    '/api/mm/groups': () => jsonResponse(200, { items: [], total: 0, totalIsEstimate: false, page: 2, pageSize: 10 }),
    '/api/mm/groups/7': () => new Response(null, { status: 204 }),
  });
  await call(api.GET('/api/mm/groups', { params: { query: { page: 2, search: 'y', categoryId: undefined } } }));
  await expect(call(api.DELETE('/api/mm/groups/{group_id}', { params: { path: { group_id: 7 } } }))).resolves.toBeUndefined();
  expect(fetchMock.mock.calls.map(([url, init]) => [init.method, url])).toEqual([
    ['GET', '/api/mm/groups?page=2&search=y'],
    ['DELETE', '/api/mm/groups/7'],
  ]);
});

test('sends no Authorization header without a token', async () => {
  const fetchMock = mockFetch({ '/api/mm/groups': () => jsonResponse(200, {}) });
  await listGroups();
  expect(fetchMock.mock.calls[0][1].headers.has('Authorization')).toBe(false);
});

test('a file upload is multipart, without the JSON content type', async () => {
  const fetchMock = mockFetch({ '/api/mm/imports': () => jsonResponse(201, { id: 3 }) });
  const form = new FormData();
  form.set('kind', 'subscribers');
  await call(api.POST('/api/mm/imports', { body: { file: '', kind: 'subscribers' }, bodySerializer: () => form }));
  const [, init] = fetchMock.mock.calls[0];
  expect(init.headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/);
  expect((init.body as FormData).get('kind')).toBe('subscribers');
});

test('a non-OK answer rejects with an ApiError carrying status, message and field errors', async () => {
  mockFetch({ '/api/mm/groups': () => jsonResponse(400, { message: 'Invalid Request', errors: { name: ['Required'] } }) });
  const error = await listGroups().catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(ApiError);
  expect(error).toMatchObject({ status: 400, message: 'Invalid Request', errors: { name: ['Required'] } });
});

test('a non-OK answer without a JSON body still rejects with the generic message', async () => {
  mockFetch({ '/api/mm/groups': () => new Response('<html>oops</html>', { status: 500 }) });
  await expect(listGroups()).rejects.toMatchObject({ status: 500, message: 'Something went wrong.' });
});

test('an OK answer that is not JSON rejects with the generic message', async () => {
  mockFetch({ '/api/mm/groups': () => new Response('<html>proxy page</html>', { status: 200 }) });
  await expect(listGroups()).rejects.toMatchObject({ message: 'Something went wrong.' });
});

test('a network failure is rethrown with its message, or "Network request failed"', async () => {
  vi.stubGlobal('fetch', vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockRejectedValueOnce(new TypeError('')));
  await expect(listGroups()).rejects.toThrow('Failed to fetch');
  await expect(listGroups()).rejects.toThrow('Network request failed');
});

test('an aborted request never settles, so no error is shown for it', async () => {
  vi.stubGlobal('fetch', vi.fn((request: Request) =>
    new Promise((_resolve, reject) => request.signal.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')))),
  ));
  const controller = new AbortController();
  const request = listGroups(controller.signal);
  await new Promise((resolve) => setTimeout(resolve, 0));
  controller.abort();
  expect(await settled(request)).toBe(false);
});

test('a 301 outside public pages goes to /sessionout and never settles', async () => {
  const expired = vi.fn();
  setSessionExpiredHandler(expired);
  mockFetch({ '/api/mm/groups': () => jsonResponse(301, { message: 'Session expired' }) });
  const request = listGroups();
  expect(await settled(request)).toBe(false);
  expect(expired).toHaveBeenCalledTimes(1);
});

test('a 301 on a public page, or when the caller handles it, rejects instead', async () => {
  const expired = vi.fn();
  setSessionExpiredHandler(expired);
  mockFetch({ '/api/mm/groups': () => jsonResponse(301, { message: 'Session expired' }) });
  await expect(call(api.GET('/api/mm/groups'), { handleSessionExpiry: false })).rejects.toMatchObject({ status: 301 });
  window.history.replaceState(null, '', '/OptoutForm/3');
  await expect(listGroups()).rejects.toMatchObject({ status: 301 });
  expect(expired).not.toHaveBeenCalled();
});
