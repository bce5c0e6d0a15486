import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '../../lib/toast';
import { jsonResponse, mockFetch } from '../../test-utils/fetch';
import { render } from '../../test-utils/render';
import { makeSession } from '../../test-utils/session';
import CampaignReportPage from './CampaignReportPage';
import { pageOf, reportOf } from './fixtures';

vi.mock('../../lib/toast', () => ({ toast: vi.fn() }));
afterEach(() => vi.mocked(toast).mockClear());

const session = () => makeSession({ timeZoneMinutes: -300 });
const recipient = (email: string) => ({ profileId: 1, email, variant: '', state: 'Sent', lastReply: '250 OK', sentAt: '2026-03-01T09:01:00-05:00' });

test('the report shows its figures, the funnel and timeline with their numbers, links and machines apart', async () => {
  const fetchMock = mockFetch({
    '/api/mm/campaigns/7/report': () => jsonResponse(200, reportOf()),
    '/api/mm/campaigns/7/report/recipients': () => jsonResponse(200, pageOf([recipient('ann@mail.example')])),
  });
  render(<CampaignReportPage />, { route: '/regularcampaignreport?campaignId=7', session: session() });
  expect(screen.getByTestId('report-loading')).toBeInTheDocument();
  expect(await screen.findByRole('heading', { name: 'Campaign Report: Spring sale' })).toBeInTheDocument();
  expect(screen.getByTestId('kpi-recipients-value')).toHaveTextContent('5');
  expect(screen.getByTestId('kpi-opens')).toHaveTextContent('Open rate 50.0%');
  expect(screen.getByTestId('kpi-bounces')).toHaveTextContent('Hard bounces 1');
  expect(screen.getByTestId('report-bounce-reasons')).toHaveTextContent('User unknown1');
  const funnel = screen.getByTestId('report-funnel-numbers');
  expect(within(funnel).getByRole('row', { name: /Delivered/ })).toHaveTextContent('480.0%');
  const timeline = screen.getByTestId('report-timeline-numbers');
  expect(within(timeline).getAllByRole('row')).toHaveLength(3);
  expect(timeline).toHaveTextContent('2026-03-01 10:00');
  expect(screen.getByTestId('machine-opens')).toHaveTextContent('1');
  expect(screen.getByTestId('human-opens')).toHaveTextContent('3');
  expect(screen.getByTestId('link-11')).toHaveTextContent('https://shop.example.com/sale');
  expect(screen.getByTestId('link-11')).toHaveTextContent('2 (100.0%)');
  expect(screen.getByTestId('report-resends')).toHaveTextContent('Scheduled');
  expect(await screen.findByText('ann@mail.example')).toBeInTheDocument();
  expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/mm/campaigns/7/report/recipients?outcome=opened&page=1&pageSize=10');
});

test('a tab lists that outcome, and Export starts the job for it', async () => {
  const fetchMock = mockFetch({
    '/api/mm/campaigns/7/report': () => jsonResponse(200, reportOf()),
    '/api/mm/campaigns/7/report/recipients': () => jsonResponse(200, pageOf([])),
    '/api/mm/campaigns/7/report/export': () => jsonResponse(202, { jobId: 99 }),
    '/api/mm/jobs/99': () => jsonResponse(200, { id: 99, status: 'InProcess', progress: 10 }),
  });
  render(<CampaignReportPage />, { route: '/regularcampaignreport?campaignId=7', session: session() });
  await userEvent.click(await screen.findByTestId('recipients-tab-notOpened'));
  await waitFor(() =>
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/mm/campaigns/7/report/recipients?outcome=notOpened&page=1&pageSize=10'),
  );
  expect(await screen.findByTestId('recipients-empty')).toHaveTextContent('Nobody in this list yet.');
  await userEvent.click(screen.getByTestId('report-export'));
  await waitFor(() => expect(toast).toHaveBeenCalledWith('info', expect.stringContaining('export has started')));
  const exported = fetchMock.mock.calls.find(([url, init]) => url === '/api/mm/campaigns/7/report/export' && init.method === 'POST');
  expect(JSON.parse(String(exported?.[1].body))).toEqual({ outcome: 'notOpened' });
});

test('without a campaign, or before sending, the page says so', async () => {
  mockFetch({ '/api/mm/campaigns/8/report': () => jsonResponse(200, reportOf({ recipients: 0 })) });
  const first = render(<CampaignReportPage />, { route: '/emailcampaignreport', session: session() });
  expect(screen.getByRole('heading', { name: 'Email Campaign Report' })).toBeInTheDocument();
  expect(screen.getByTestId('report-no-campaign')).toBeInTheDocument();
  first.unmount();
  render(<CampaignReportPage />, { route: '/emailcampaignreport?campaignId=8', session: session() });
  expect(await screen.findByTestId('report-not-sent')).toHaveTextContent('has not been sent yet');
});

test('an unknown campaign shows the API’s message', async () => {
  mockFetch({ '/api/mm/campaigns/9/report': () => jsonResponse(404, { message: 'Campaign not found.' }) });
  render(<CampaignReportPage />, { route: '/regularcampaignreport?campaignId=9', session: session() });
  expect(await screen.findByTestId('report-error')).toHaveTextContent('Campaign not found.');
});

test('the report says when its opens and clicks were counted, by the server’s clocks', async () => {
  mockFetch({
    '/api/mm/campaigns/7/report': () => jsonResponse(200, reportOf({ generatedAt: '2026-03-02T12:05:30-05:00', tracking: { asOf: '2026-03-02T12:03:00-05:00', behind: false } })),
    '/api/mm/campaigns/7/report/recipients': () => jsonResponse(200, pageOf([])),
  });
  render(<CampaignReportPage />, { route: '/regularcampaignreport?campaignId=7', session: session() });
  expect(await screen.findByTestId('report-tracking-as-of')).toHaveTextContent('Opens and clicks as of 12:03 (2 min ago)');
  expect(screen.queryByTestId('report-tracking-behind')).not.toBeInTheDocument();
});

test('figures that are behind say so instead of showing a silent 0', async () => {
  mockFetch({
    '/api/mm/campaigns/7/report': () =>
      jsonResponse(200, reportOf({ uniqueOpens: 0, generatedAt: '2026-03-02T12:40:00-05:00', tracking: { asOf: '2026-03-01T23:10:00-05:00', behind: true } })),
    '/api/mm/campaigns/7/report/recipients': () => jsonResponse(200, pageOf([])),
  });
  render(<CampaignReportPage />, { route: '/regularcampaignreport?campaignId=7', session: session() });
  expect(await screen.findByTestId('report-tracking-as-of')).toHaveTextContent('Opens and clicks as of 2026-03-01 23:10 (13 hours ago)');
  const warning = screen.getByTestId('report-tracking-behind');
  expect(warning).toHaveTextContent('Opens and clicks are behind');
  expect(warning).toHaveTextContent('the figures here are those counted by 2026-03-01 23:10');
});

test('a report whose events were never counted while some wait warns too', async () => {
  mockFetch({
    '/api/mm/campaigns/7/report': () => jsonResponse(200, reportOf({ tracking: { asOf: null, behind: true } })),
    '/api/mm/campaigns/7/report/recipients': () => jsonResponse(200, pageOf([])),
  });
  render(<CampaignReportPage />, { route: '/regularcampaignreport?campaignId=7', session: session() });
  expect(await screen.findByTestId('report-tracking-as-of')).toHaveTextContent('No opens or clicks have been counted yet');
  expect(screen.getByTestId('report-tracking-behind')).toHaveTextContent('none has been counted yet');
});
