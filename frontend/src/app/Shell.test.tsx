import { act, screen, waitFor } from '@testing-library/react';
import { reloadPage } from '../lib/browser';
import { jsonResponse, mockFetch } from '../test-utils/fetch';
import { render } from '../test-utils/render';
import { encodeAccess, makeAccess, makeStatus } from '../test-utils/session';
import { Shell } from './Shell';

vi.mock('../lib/browser', () => ({ reloadPage: vi.fn() }));

const location = () => screen.getByTestId('location').textContent;
const statusAnswer = (answer: () => Response) => mockFetch({ '/api/getStatus': answer });

afterEach(() => vi.mocked(reloadPage).mockClear());

test('shows the loading screen, then the page, and keeps the session in session storage', async () => {
  const status = makeStatus({ token: 'tok-9' });
  statusAnswer(() => jsonResponse(200, status));
  sessionStorage.setItem('mc.statusRetries', '2');
  render(<Shell />, { route: '/campaignListView' });
  expect(screen.getByTestId('loading-screen')).toBeInTheDocument();
  expect(await screen.findByRole('heading', { level: 1, name: 'Campaigns' })).toBeInTheDocument();
  expect(screen.getByTestId('menu-campaignListView')).toHaveAttribute('data-active');
  expect(sessionStorage.getItem('mc.access')).toBe(status.accessControl);
  expect(Object.keys(sessionStorage)).not.toContain('mc.token');
  expect(sessionStorage.getItem('mc.statusRetries')).toBe('0');
  const stored = JSON.parse(sessionStorage.getItem('mc.status')!);
  expect(stored).toMatchObject({ status: 'success', subscriptionsEnabled: false, client: { name: 'Demo' } });
  expect(stored).not.toHaveProperty('accessControl');
  expect(stored).not.toHaveProperty('token');
});

test('passes clnt as the status payload and removes it from the address', async () => {
  const fetchMock = statusAnswer(() => jsonResponse(200, makeStatus()));
  render(<Shell />, { route: '/forms?clnt=abc%2B1&tab=2' });
  expect(await screen.findByRole('heading', { level: 1, name: 'Forms' })).toBeInTheDocument();
  expect(String(fetchMock.mock.calls[0][0])).toBe('/api/getStatus?payload=abc%2B1');
  expect(location()).toBe('/forms?tab=2');
});

test('a refused clnt goes to /errorPage, with one status call, however late its answer', async () => {
  // A call without the payload would answer 401 and send the person to sign-in instead.
  let calls = 0;
  const fetchMock = statusAnswer(() => (calls++ === 0 ? jsonResponse(403, { message: 'Invalid payload' }) : jsonResponse(401, {})));
  render(<Shell />, { route: '/campaignListView?clnt=forged' });
  expect(await screen.findByTestId('error-message')).toHaveTextContent('Invalid payload');
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(location()).toBe('/errorPage');
  expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/getStatus?payload=forged']);
});

test('navigate=showSetup goes to /setupPage', async () => {
  statusAnswer(() => jsonResponse(200, makeStatus({ navigate: 'showSetup' })));
  render(<Shell />, { route: '/forms' });
  expect(await screen.findByTestId('setup-explanation')).toHaveTextContent('The setup of your account is not complete');
  expect(location()).toBe('/setupPage');
  expect(sessionStorage.getItem('mc.access')).toBeNull();
});

test.each([
  ['a non-success status', () => jsonResponse(200, makeStatus({ status: 'failure', message: 'Client suspended' })), 'Client suspended'],
  ['a non-success status without message', () => jsonResponse(200, makeStatus({ status: 'failure' })), 'Something went wrong. Please try again later.'],
  ['an undecodable access control', () => jsonResponse(200, makeStatus({ accessControl: '!!not-base64!!' })), 'Something went wrong. Please try again later.'],
  ['a bad single sign-on payload (403)', () => jsonResponse(403, { message: 'Invalid payload' }), 'Invalid payload'],
  ['a bad single sign-on payload (400)', () => jsonResponse(400, { message: 'Malformed payload' }), 'Malformed payload'],
  ['a server error', () => jsonResponse(500, {}), 'Something went wrong.'],
])('%s goes to /errorPage with its message', async (_case, answer, message) => {
  statusAnswer(answer);
  render(<Shell />, { route: '/forms' });
  expect(await screen.findByTestId('error-message')).toHaveTextContent(message);
  expect(location()).toBe('/errorPage');
});

test('a network failure goes to /errorPage with the fallback message', async () => {
  vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
  render(<Shell />, { route: '/forms' });
  expect(await screen.findByTestId('error-message')).toHaveTextContent('Something went wrong. Please try again later.');
});

test('401 sends the user to sign in, coming back to the page afterwards', async () => {
  statusAnswer(() => jsonResponse(401, { message: 'Not signed in' }));
  render(<Shell />, { route: '/forms?tab=2' });
  await waitFor(() => expect(location()).toBe('/trial/login?next=%2Fforms%3Ftab%3D2'));
  expect(await screen.findByRole('heading', { name: 'Sign in to Mailcraft' })).toBeInTheDocument();
});

describe('a 301 on the status call', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    statusAnswer(() => jsonResponse(301, { message: 'Session expired' }));
  });

  test('reloads after 1 second while retries remain, counting them in session storage', async () => {
    sessionStorage.setItem('mc.statusRetries', '1');
    render(<Shell />, { route: '/forms' });
    await waitFor(() => expect(sessionStorage.getItem('mc.statusRetries')).toBe('2'));
    act(() => vi.advanceTimersByTime(900));
    expect(reloadPage).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(100));
    expect(reloadPage).toHaveBeenCalledTimes(1);
    expect(location()).toBe('/forms');
  });

  test('starts counting at zero', async () => {
    render(<Shell />, { route: '/forms' });
    await waitFor(() => expect(sessionStorage.getItem('mc.statusRetries')).toBe('1'));
    act(() => vi.advanceTimersByTime(1000));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  test('goes to /sessionout after two retries', async () => {
    sessionStorage.setItem('mc.statusRetries', '2');
    render(<Shell />, { route: '/forms' });
    await waitFor(() => expect(location()).toBe('/sessionout'));
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/trial/login');
    act(() => vi.advanceTimersByTime(2000));
    expect(reloadPage).not.toHaveBeenCalled();
  });

  test('is ignored on recipient pages, which render anyway', async () => {
    render(<Shell />, { route: '/OptoutForm/3' });
    // The opt-out form's page (its builder, spec 8's session-exempt list) renders, unmoved.
    expect(await screen.findByRole('heading', { level: 1, name: /^Opt-out Form/ })).toBeInTheDocument();
    expect(location()).toBe('/OptoutForm/3');
    expect(sessionStorage.getItem('mc.statusRetries')).toBeNull();
  });
});

test('public and trial pages render without the status call', async () => {
  const fetchMock = mockFetch({});
  render(<Shell />, { route: '/accessDenied' });
  expect(
    await screen.findByText('You do not have access to Marketing Manager, please contact your administrator'),
  ).toBeInTheDocument();
  expect(fetchMock).not.toHaveBeenCalled();
});

test('without marketing access a gated page goes to /accessDenied', async () => {
  statusAnswer(() => jsonResponse(200, makeStatus({}, makeAccess({ userHasMKMAccess: false }))));
  render(<Shell />, { route: '/forms' });
  expect(
    await screen.findByText('You do not have access to Marketing Manager, please contact your administrator'),
  ).toBeInTheDocument();
  expect(location()).toBe('/accessDenied');
});

test('source=mm with a campaignId opens a full page without marketing access', async () => {
  statusAnswer(() => jsonResponse(200, makeStatus({}, makeAccess({ userHasMKMAccess: false }))));
  render(<Shell />, { route: '/emailcampaignreport?source=mm&campaignId=4' });
  expect(await screen.findByRole('heading', { level: 1, name: 'Email Campaign Report' })).toBeInTheDocument();
});

test('ESFE=0 on a layout page goes to the setup page with the marketing-disabled flags', async () => {
  statusAnswer(() => jsonResponse(200, makeStatus()));
  render(<Shell />, { route: '/forms?ESFE=0' });
  expect(await screen.findByTestId('setup-explanation')).toHaveTextContent('Marketing Manager is disabled');
  expect(location()).toBe('/setupPage?marketingDisabled=true&repNotificationDisable=true');
});

test('rep-notifications-only mode redirects routes not flagged for it', async () => {
  statusAnswer(() => jsonResponse(200, makeStatus({ repNotificationsOnly: true })));
  render(<Shell />, { route: '/profilemanagement' });
  expect(await screen.findByTestId('setup-explanation')).toHaveTextContent('Only rep notifications are enabled');
  expect(location()).toBe('/setupPage?repNotificationDisable=true');
});

test('grid pages get 90px of right padding, others none', async () => {
  statusAnswer(() => jsonResponse(200, makeStatus()));
  const { unmount } = render(<Shell />, { route: '/workflow-analytics' });
  await screen.findByRole('heading', { level: 1, name: 'Workflows' });
  expect(screen.getByTestId('main-content')).toHaveStyle({ paddingRight: '90px' });
  unmount();
  render(<Shell />, { route: '/forms' });
  await screen.findByRole('heading', { level: 1, name: 'Forms' });
  expect(screen.getByTestId('main-content')).toHaveAttribute('data-grid', 'false');
  expect(screen.getByTestId('main-content').style.paddingRight).toBe('');
});

test('"/" goes to Campaigns keeping its query, and unknown paths to the not-found page', async () => {
  const fetchMock = statusAnswer(() => jsonResponse(200, makeStatus({ accessControl: encodeAccess(makeAccess()) })));
  const { unmount } = render(<Shell />, { route: '/?clnt=xyz' });
  expect(await screen.findByRole('heading', { level: 1, name: 'Campaigns' })).toBeInTheDocument();
  expect(String(fetchMock.mock.calls[0][0])).toBe('/api/getStatus?payload=xyz');
  unmount();
  render(<Shell />, { route: '/no-such-page' });
  expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
});

test('a 301 on a later call goes to /sessionout through the router', async () => {
  statusAnswer(() => jsonResponse(200, makeStatus()));
  render(<Shell />, { route: '/forms' });
  await screen.findByRole('heading', { level: 1, name: 'Forms' });
  mockFetch({ '/api/fetchemailstats': () => jsonResponse(301, {}) });
  window.history.replaceState(null, '', '/forms');
  const { fetchEmailStats } = await import('../api/email-stats');
  void fetchEmailStats();
  await waitFor(() => expect(location()).toBe('/sessionout'));
});
