import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '../../lib/toast';
import { jsonResponse, mockFetch } from '../../test-utils/fetch';
import { render } from '../../test-utils/render';
import SummaryNotificationsPage from './SummaryNotificationsPage';

vi.mock('../../lib/toast', () => ({ toast: vi.fn() }));
afterEach(() => vi.mocked(toast).mockClear());

const summary = (overrides: Record<string, unknown> = {}) => ({
  id: 3,
  workflowId: 11,
  name: 'Weekly numbers',
  description: 'For the owners',
  status: 'Published',
  frequency: 'Week',
  weekdays: [1, 5],
  monthDayMode: 'monthDays',
  monthDays: [],
  sendTime: '08:15',
  period: 'week',
  recipients: ['owner@agency.example'],
  active: true,
  nextDueAt: '2026-11-30T08:15:00-05:00',
  lastSentAt: null,
  timeZone: 'America/New_York',
  digestsSent: 2,
  ...overrides,
});
const pageOf = (items: unknown[]) => ({ items, total: items.length, totalIsEstimate: false, page: 1, pageSize: 10 });

test('lists schedules with their days, next send in the client zone and digests sent', async () => {
  mockFetch({ '/api/mm/summaryNotifications': () => jsonResponse(200, pageOf([summary()])) });
  render(<SummaryNotificationsPage />);
  const row = await screen.findByTestId('summary-row-Weekly numbers');
  expect(row).toHaveTextContent('Mon, Fri at 08:15');
  expect(row).toHaveTextContent('This week');
  expect(row).toHaveTextContent('2026-11-30 08:15');
  expect(row).toHaveTextContent('Published');
  expect(within(row).getByRole('link', { name: 'Sent summaries of Weekly numbers' })).toHaveAttribute('href', '/summaryNotificationCampaigns?notificationId=3');
});

test('an empty list says what it holds and how to start', async () => {
  mockFetch({ '/api/mm/summaryNotifications': () => jsonResponse(200, pageOf([])) });
  render(<SummaryNotificationsPage />);
  expect(await screen.findByText('No summary notifications yet.')).toBeInTheDocument();
});

test('creates a monthly schedule on customised days and shows the server refusals beside the fields', async () => {
  let posted: Record<string, unknown> | null = null;
  let attempts = 0;
  const fetchMock = mockFetch({
    '/api/mm/summaryNotifications': () => jsonResponse(200, pageOf([])),
  });
  fetchMock.mockImplementation(async (url: string, init) => {
    if (init.method === 'POST') {
      attempts += 1;
      posted = JSON.parse(String(init.body));
      if (attempts === 1) return jsonResponse(400, { message: 'Invalid Request', errors: { recipients: ['Please enter valid Email ID'] } });
      return jsonResponse(201, summary({ id: 4, frequency: 'Month', monthDays: [1, 15] }));
    }
    if (url.startsWith('/api/mm/summaryNotifications')) return jsonResponse(200, pageOf([]));
    return jsonResponse(404, {});
  });
  render(<SummaryNotificationsPage />);
  await userEvent.click(await screen.findByTestId('create-summary'));
  const dialog = await screen.findByRole('dialog', { name: 'Create summary notification' });
  fireEvent.change(within(dialog).getByTestId('summary-name'), { target: { value: 'Monthly' } });
  fireEvent.change(within(dialog).getByTestId('summary-description'), { target: { value: 'Numbers' } });
  await userEvent.click(within(dialog).getByLabelText('Month'));
  await userEvent.click(within(dialog).getByLabelText('Customised'));
  expect(within(dialog).queryByText('3rd')).not.toBeInTheDocument();
  await userEvent.click(within(dialog).getByText('1st'));
  await userEvent.click(within(dialog).getByText('15th'));
  await userEvent.type(within(dialog).getByTestId('summary-recipients'), 'bad{enter}');
  await userEvent.click(within(dialog).getByTestId('summary-save'));
  expect(await within(dialog).findByText('Please enter valid Email ID')).toBeInTheDocument();
  expect(posted).toMatchObject({ frequency: 'Month', monthDayMode: 'customised', monthDays: [1, 15], weekdays: [], sendTime: '09:00', period: 'today', recipients: ['bad'] });
  await userEvent.click(within(dialog).getByTestId('summary-save'));
  await waitFor(() => expect(toast).toHaveBeenCalledWith('success', 'Summary notification saved.'));
}, 60_000);
