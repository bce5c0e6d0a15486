import { screen } from '@testing-library/react';
import { jsonResponse, mockFetch } from '../../test-utils/fetch';
import { render } from '../../test-utils/render';
import SummaryDataPage from './SummaryDataPage';

const data = {
  clientName: 'Shop <b>&</b>',
  name: '<img src=x onerror=alert(1)>',
  period: 'today',
  periodStart: '2026-11-28T00:00:00-05:00',
  periodEnd: '2026-11-28T09:00:00-05:00',
  timeZone: 'America/New_York',
  figures: { campaignsSent: 2, opens: 1234, clicks: 56, newProfiles: 7, formConversions: 0, unsubscribes: 1 },
  crm: {},
};

test('shows the figures of the link, every value as text', async () => {
  const fetchMock = mockFetch({ '/api/external/summaryNotificationData': () => jsonResponse(200, data) });
  render(<SummaryDataPage />, { route: '/external/summaryNotificationData?token=abc' });
  expect(await screen.findByTestId('summary-data-opens')).toHaveTextContent('1,234');
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('<img src=x onerror=alert(1)>');
  expect(document.querySelector('img')).toBeNull();
  expect(screen.getByTestId('summary-data-period')).toHaveTextContent('Shop <b>&</b>: Today · 2026-11-28 00:00 – 2026-11-28 09:00 (America/New_York)');
  expect(screen.getByTestId('summary-data-crm-missing')).toBeInTheDocument();
  expect(String(fetchMock.mock.calls[0][0])).toBe('/api/external/summaryNotificationData?token=abc');
});

test('a refused link says so', async () => {
  mockFetch({ '/api/external/summaryNotificationData': () => jsonResponse(400, { message: 'This summary link is invalid or has expired.' }) });
  render(<SummaryDataPage />, { route: '/external/summaryNotificationData?token=old' });
  expect(await screen.findByTestId('summary-data-error')).toHaveTextContent('This summary link is invalid or has expired.');
});

test('no token at all asks nothing of the server', async () => {
  const fetchMock = mockFetch({});
  render(<SummaryDataPage />, { route: '/external/summaryNotificationData' });
  expect(await screen.findByTestId('summary-data-error')).toHaveTextContent('This summary link is invalid or has expired.');
  expect(fetchMock).not.toHaveBeenCalled();
});
