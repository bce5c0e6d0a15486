import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '../../lib/toast';
import { jsonResponse, mockFetch } from '../../test-utils/fetch';
import { render } from '../../test-utils/render';
import { makeSession } from '../../test-utils/session';
import SendingHealthPage from './SendingHealthPage';

vi.mock('../../lib/toast', () => ({ toast: vi.fn() }));
afterEach(() => vi.mocked(toast).mockClear());

const month = (label: string, used: number, limit: number | null) => ({ month: label, startsAt: '2026-11-01T00:00:00Z', used, limit });
const health = (overrides: Record<string, unknown> = {}) => ({
  stopped: false,
  reason: '',
  trippedAt: null,
  resumedAt: null,
  resumedBy: '',
  windowSince: '2026-11-19T10:00:00Z',
  sent: 1000,
  hardBounces: 10,
  complaints: 1,
  minSent: 500,
  complaintRateLimit: 0.003,
  hardBounceRateLimit: 0.05,
  adminsAlerted: false,
  thisMonth: month('November 2026', 1200, 5000),
  nextMonth: month('December 2026', 0, 5000),
  warmups: [],
  ...overrides,
});
const pace = (overrides: Record<string, unknown> = {}) => ({
  id: 1,
  kind: 'recipientDomain',
  domain: 'gmail.com',
  perMinute: 120,
  defaultPerMinute: 3000,
  updatedAt: '2026-11-20T10:00:00Z',
  ...overrides,
});

type Fetch = ReturnType<typeof mockFetch>;
const lastCall = (fetchMock: Fetch) => fetchMock.mock.calls.at(-1)!;

test('shows the OK state, the figures against their limits, the allowance and the warm-ups', async () => {
  mockFetch({
    '/api/mm/sendingHealth': () =>
      jsonResponse(200, health({ warmups: [{ domain: 'news.shop.test', dayNumber: 3, days: 10, allowance: 2000, used: 150, nextDayAt: '2026-11-27T00:00:00Z' }] })),
    '/api/mm/deliveryPaces': () => jsonResponse(200, { items: [] }),
  });
  render(<SendingHealthPage />, { session: makeSession() });
  expect(screen.getByTestId('health-loading')).toBeInTheDocument();
  const card = await screen.findByTestId('breaker-card');
  expect(within(card).getByText('OK')).toBeInTheDocument();
  expect(screen.queryByTestId('resume-sending')).not.toBeInTheDocument();
  expect(screen.getByTestId('breaker-bounces')).toHaveTextContent('1.00 % (limit 5.00 %)');
  expect(screen.getByTestId('breaker-complaints')).toHaveTextContent('0.10 % (limit 0.30 %)');
  expect(screen.getByTestId('allowance-this-month')).toHaveTextContent('1,200 of 5,000 messages');
  expect(screen.getByTestId('allowance-next-month')).toHaveTextContent('December 2026');
  expect(screen.getByTestId('warmup-table')).toHaveTextContent('3 of 10');
  expect(screen.getByTestId('warmup-table')).toHaveTextContent('150 / 2,000');
  // Before any Send: the day's cap is the limit; only a warm-up campaign has a minimum.
  expect(screen.getByTestId('warmup-rule')).toHaveTextContent('Campaigns of any size may be sent: only a campaign marked as a warm-up campaign needs a minimum number of recipients.');
  expect(await screen.findByTestId('paces-empty')).toBeInTheDocument();
});

test('a stopped client sees why, and resumes after confirming the consequence', async () => {
  let stopped = true;
  const fetchMock = mockFetch({
    '/api/mm/sendingHealth': () =>
      jsonResponse(200, health(stopped ? { stopped: true, reason: 'Sending is stopped: too many bounces.', trippedAt: '2026-11-26T09:00:00Z', adminsAlerted: true } : {})),
    '/api/mm/sendingHealth/resume': () => {
      stopped = false;
      return jsonResponse(200, health());
    },
    '/api/mm/deliveryPaces': () => jsonResponse(200, { items: [] }),
  });
  render(<SendingHealthPage />, { session: makeSession() });
  expect(await screen.findByTestId('breaker-reason')).toHaveTextContent('Sending is stopped: too many bounces.');
  expect(screen.getByTestId('breaker-reason')).toHaveTextContent('Your admins were told by email.');
  expect(within(screen.getByTestId('breaker-card')).getByText('Stopped')).toBeInTheDocument();
  await userEvent.click(screen.getByTestId('resume-sending'));
  expect(await screen.findByText(/Paused campaigns stay paused: resume them one by one/)).toBeInTheDocument();
  await userEvent.click(screen.getByTestId('confirm-yes'));
  await waitFor(() => expect(toast).toHaveBeenCalledWith('success', 'Sending resumed. Resume paused campaigns one by one.'));
  expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/mm/sendingHealth/resume' && init.method === 'POST')).toBe(true);
  await waitFor(() => expect(screen.queryByTestId('resume-sending')).not.toBeInTheDocument());
});

test('adds a rate with inline errors, edits it and deletes it after confirming', async () => {
  let items: ReturnType<typeof pace>[] = [];
  const fetchMock: Fetch = mockFetch({
    '/api/mm/sendingHealth': () => jsonResponse(200, health()),
    '/api/mm/deliveryPaces': () => {
      const [, init] = lastCall(fetchMock);
      if (init.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as { domain: string; perMinute: number };
        if (body.perMinute > 1000) return jsonResponse(400, { message: 'Too high', errors: { perMinute: ['Messages per minute must be from 0 (no limit) to 1000.'] } });
        items = [pace({ domain: body.domain, perMinute: body.perMinute })];
        return jsonResponse(200, items[0]);
      }
      return jsonResponse(200, { items });
    },
    '/api/mm/deliveryPaces/1': () => {
      items = [];
      return new Response(null, { status: 204 });
    },
  });
  render(<SendingHealthPage />, { session: makeSession() });
  await userEvent.click(await screen.findByTestId('add-pace'));
  // The dialog mounts as its transition starts: wait for it.
  await userEvent.click(await screen.findByTestId('pace-save'));
  expect(await screen.findByText('Please enter a domain.')).toBeInTheDocument();
  expect(screen.getByText('Please enter a whole number from 0.')).toBeInTheDocument();
  await userEvent.type(screen.getByTestId('pace-domain'), 'gmail.com');
  await userEvent.type(screen.getByTestId('pace-per-minute'), '5000');
  await userEvent.click(screen.getByTestId('pace-save'));
  expect(await screen.findByText('Messages per minute must be from 0 (no limit) to 1000.')).toBeInTheDocument();
  await userEvent.clear(screen.getByTestId('pace-per-minute'));
  await userEvent.type(screen.getByTestId('pace-per-minute'), '120');
  await userEvent.click(screen.getByTestId('pace-save'));
  const row = await screen.findByTestId('pace-row-gmail.com');
  expect(row).toHaveTextContent('120');
  expect(row).toHaveTextContent('3,000');

  await userEvent.click(screen.getByRole('button', { name: 'Edit the rate of gmail.com' }));
  expect(await screen.findByTestId('pace-domain')).toBeDisabled();
  await userEvent.clear(screen.getByTestId('pace-per-minute'));
  await userEvent.type(screen.getByTestId('pace-per-minute'), '60');
  await userEvent.click(screen.getByTestId('pace-save'));
  await waitFor(() => expect(screen.getByTestId('pace-row-gmail.com')).toHaveTextContent('60'));

  await userEvent.click(screen.getByRole('button', { name: 'Delete the rate of gmail.com' }));
  expect(await screen.findByText('Delete the rate of gmail.com? The platform default holds again.')).toBeInTheDocument();
  await userEvent.click(screen.getByTestId('confirm-yes'));
  expect(await screen.findByTestId('paces-empty')).toBeInTheDocument();
  expect(toast).toHaveBeenCalledWith('success', 'Delivery rate deleted.');
});

test('users who are not admins are refused', () => {
  mockFetch({});
  render(<SendingHealthPage />, { session: makeSession({}, { userRole: 'USER' }) });
  expect(screen.getByText('Accessed only by Admin Users')).toBeInTheDocument();
});

test('links to Senders and Sender domains, where what it reports on is set up', async () => {
  mockFetch({
    '/api/mm/sendingHealth': () => jsonResponse(200, health()),
    '/api/mm/deliveryPaces': () => jsonResponse(200, { items: [] }),
  });
  render(<SendingHealthPage />, { session: makeSession() });
  expect(await screen.findByRole('link', { name: 'Senders' })).toHaveAttribute('href', '/senderList');
  expect(screen.getByRole('link', { name: 'Sender domains' })).toHaveAttribute('href', '/emailDomainSetupPage');
});
