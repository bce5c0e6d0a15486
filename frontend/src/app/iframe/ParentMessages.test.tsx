import { act, screen, waitFor } from '@testing-library/react';
import { reloadPage } from '../../lib/browser';
import { heldBearerToken, keepTokenIfCookiesRefused } from '../../lib/credentials';
import { jsonResponse, mockFetch } from '../../test-utils/fetch';
import { render } from '../../test-utils/render';
import { makeSession } from '../../test-utils/session';
import { ParentMessages } from './ParentMessages';

vi.mock('../../lib/browser', () => ({ reloadPage: vi.fn() }));

const parent = 'https://suite.example';

function post(data: unknown, origin = parent) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin }));
  });
}

function setup() {
  const fetchMock = mockFetch({
    '/api/UpdateCurrentWebsiteID': () => jsonResponse(200, { status: 1 }),
    '/api/logout': () => jsonResponse(200, { status: 1 }),
  });
  render(<ParentMessages />, { route: '/forms', session: makeSession({ parentOrigins: [parent] }) });
  return fetchMock;
}

afterEach(() => vi.mocked(reloadPage).mockClear());

test('WebsiteChange updates the current website', async () => {
  const fetchMock = setup();
  post({ type: 'WebsiteChange', websiteID: 42 });
  await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
  const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
  expect(url).toBe('/api/UpdateCurrentWebsiteID');
  expect(JSON.parse(init.body as string)).toEqual({ websiteID: 42 });
});

test('messages from other origins are ignored', () => {
  const fetchMock = setup();
  post({ type: 'WebsiteChange', websiteID: 42 }, 'https://evil.example');
  post({ type: 'MKM_Page_Reload' }, 'https://evil.example');
  expect(fetchMock).not.toHaveBeenCalled();
  expect(reloadPage).not.toHaveBeenCalled();
});

test('Logout signs out, clears session storage and the held token, and goes to /sessionout', async () => {
  const fetchMock = setup();
  sessionStorage.setItem('mc.access', 'x');
  keepTokenIfCookiesRefused('x');
  post({ type: 'Logout' });
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/sessionout'));
  expect(String(fetchMock.mock.calls[0][0])).toBe('/api/logout');
  expect((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].method).toBe('POST');
  expect(sessionStorage.getItem('mc.access')).toBeNull();
  expect(heldBearerToken()).toBeNull();
});

test('MKM_Page_Reload reloads; the not-yet-handled messages change nothing', () => {
  const fetchMock = setup();
  post({ type: 'MKM_Page_Reload' });
  expect(reloadPage).toHaveBeenCalledTimes(1);
  post({ type: 'ADD_OPPORTUNITY' });
  post('CLOSE_TAB');
  expect(fetchMock).not.toHaveBeenCalled();
  expect(screen.getByTestId('location')).toHaveTextContent('/forms');
});
