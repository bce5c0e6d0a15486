import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, mockFetch } from '../../test-utils/fetch';
import { render } from '../../test-utils/render';
import { makeSession } from '../../test-utils/session';
import { pageOf } from './fixtures';
import PerformanceReportPage from './PerformanceReportPage';
import RecentCampaignsPage from './RecentCampaignsPage';
import ScheduleSummaryPage from './ScheduleSummaryPage';

const superAdmin = () => makeSession({ timeZoneMinutes: -300 }, { userRole: 'SUPERADMIN' });
const row = {
  clientId: 1, clientName: 'Alpha', campaignId: 7, name: 'Spring sale', type: 'Regular', status: 'Sent',
  startedAt: '2026-03-01T09:00:05-05:00', scheduledAt: null, recipients: 5, sent: 4, failed: 1,
  uniqueOpens: 2, uniqueClicks: 1, bounces: 1, unsubscribes: 0, complaints: 0, openRate: 50, clickRate: 25,
};

test.each([
  ['/performanceReport', PerformanceReportPage],
  ['/recentcampaigns', RecentCampaignsPage],
  ['/scheduleSummary', ScheduleSummaryPage],
] as const)('%s is for super-admins only', (route, Page) => {
  const fetchMock = mockFetch({});
  render(<Page />, { route, session: makeSession({}, { userRole: 'ADMIN' }) });
  expect(screen.getByTestId('super-admin-denied')).toHaveTextContent('Accessed only by Admin Users');
  expect(fetchMock).not.toHaveBeenCalled();
});

test('the performance grid lists every client’s campaigns over the last 30 days and sorts', async () => {
  const fetchMock = mockFetch({ '/api/mm/reports/performance': () => jsonResponse(200, pageOf([row])) });
  render(<PerformanceReportPage />, { route: '/performanceReport', session: superAdmin() });
  expect(screen.getByRole('heading', { name: 'Campaign Performance Report' })).toBeInTheDocument();
  const line = await screen.findByTestId('performance-row-1-7');
  expect(line).toHaveTextContent('Alpha');
  expect(line).toHaveTextContent('2 (50.0%)');
  expect(line).toHaveTextContent('2026-03-01 09:00');
  const calls = () => fetchMock.mock.calls.map(([url]) => String(url));
  expect(calls()[0]).toContain('sort=-startedAt');
  expect(calls()[0]).toContain('days=30');
  await userEvent.click(screen.getByTestId('sort-uniqueOpens'));
  await waitFor(() => expect(calls().at(-1)).toContain('sort=uniqueOpens'));
});

test('the Email DashBoard shows recent campaigns, or says there are none', async () => {
  mockFetch({ '/api/mm/reports/recentCampaigns': () => jsonResponse(200, { items: [row] }) });
  const first = render(<RecentCampaignsPage />, { route: '/recentcampaigns', session: superAdmin() });
  expect(screen.getByRole('heading', { name: 'Email DashBoard' })).toBeInTheDocument();
  expect(await screen.findByTestId('recent-row-1-7')).toHaveTextContent('Spring sale');
  first.unmount();
  mockFetch({ '/api/mm/reports/recentCampaigns': () => jsonResponse(200, { items: [] }) });
  render(<RecentCampaignsPage />, { route: '/recentcampaigns', session: superAdmin() });
  expect(await screen.findByTestId('recent-empty')).toBeInTheDocument();
});

test('the Scheduler Summary groups scheduled campaigns by day in each client’s zone', async () => {
  mockFetch({
    '/api/mm/reports/scheduleSummary': () =>
      jsonResponse(200, {
        days: [
          {
            day: '2026-03-03', clientId: 2, clientName: 'Beta', timeZone: 'Europe/Paris',
            campaigns: [{ campaignId: 4, name: 'Launch', type: 'Regular', scheduledAt: '2026-03-03T08:30:00+01:00', sendInRecipientZone: true, overdue: false }],
          },
        ],
      }),
  });
  render(<ScheduleSummaryPage />, { route: '/scheduleSummary', session: superAdmin() });
  const day = await screen.findByTestId('schedule-day-2026-03-03');
  expect(day).toHaveTextContent('Launch');
  expect(day).toHaveTextContent('2026-03-03 08:30 (Europe/Paris)');
  expect(day).toHaveTextContent('Each recipient’s time zone');
  expect(day).toHaveTextContent('1 campaign');
});
