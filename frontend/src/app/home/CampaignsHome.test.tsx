import { screen, within } from '@testing-library/react';
import { jsonResponse, mockFetch } from '../../test-utils/fetch';
import { render } from '../../test-utils/render';
import { makeSession } from '../../test-utils/session';
import { makeCampaign } from '../../features/campaigns/test-campaign';
import CampaignsHome from './CampaignsHome';

const page = <T,>(items: T[]) => ({ items, total: items.length, totalIsEstimate: false, page: 1, pageSize: 10 });
const month = (used: number, limit: number | null) => ({ month: 'November 2026', startsAt: '2026-11-01T00:00:00Z', used, limit });
const HEALTH = {
  stopped: false, reason: '', trippedAt: null, resumedAt: null, resumedBy: '', windowSince: '2026-11-19T10:00:00Z', sent: 0, hardBounces: 0, complaints: 0,
  minSent: 500, complaintRateLimit: 0.003, hardBounceRateLimit: 0.05, adminsAlerted: false, thisMonth: month(1200, 5000), nextMonth: month(0, 5000), warmups: [],
};

test('an admin of a new client sees four steps, each linked, ticked from what the client has', async () => {
  mockFetch({
    '/api/mm/firstSteps': () => jsonResponse(200, { contactsImported: true, senderVerified: false, templateDesigned: false, campaignSent: false }),
    '/api/mm/campaigns': () => jsonResponse(200, page([])),
  });
  render(<CampaignsHome />, { route: '/campaignListView', session: makeSession() });
  const list = await screen.findByTestId('getting-started');
  const contacts = within(list).getByTestId('first-step-contactsImported');
  expect(contacts).toHaveAttribute('data-done', 'true');
  expect(within(contacts).getByRole('img', { name: 'Done' })).toBeInTheDocument();
  const sender = within(list).getByTestId('first-step-senderVerified');
  expect(within(sender).getByRole('img', { name: 'To do' })).toBeInTheDocument();
  expect(within(sender).getByRole('link', { name: 'Set up a sender' })).toHaveAttribute('href', '/senderList');
  expect(within(list).getByRole('link', { name: 'Import contacts' })).toHaveAttribute('href', '/ImportSummary');
  expect(within(list).getByRole('link', { name: 'Design a template' })).toHaveAttribute('href', '/templates?isReload=true');
  expect(within(list).getByRole('link', { name: 'Create a campaign' })).toHaveAttribute('href', '/intermediateRoute');
  expect(screen.queryByTestId('home-dashboard')).not.toBeInTheDocument();
});

test('once the client has sent a campaign, the admin sees its figures and the sending health', async () => {
  mockFetch({
    '/api/mm/firstSteps': () => jsonResponse(200, { contactsImported: true, senderVerified: true, templateDesigned: true, campaignSent: true }),
    '/api/mm/campaigns': () => jsonResponse(200, page([makeCampaign({ id: 7, name: 'Spring', status: 'Sent', recipientCount: 200, sent: 200, opened: 50, clicked: 10, sentAt: '2026-11-20T10:00:00Z' })])),
    '/api/mm/sendingHealth': () => jsonResponse(200, HEALTH),
  });
  render(<CampaignsHome />, { route: '/campaignListView', session: makeSession() });
  const row = await screen.findByTestId('home-campaign-7');
  expect(row).toHaveTextContent('25.0%');
  expect(row).toHaveTextContent('5.0%');
  expect(within(row).getByRole('link', { name: 'View report of Spring' })).toHaveAttribute('href', '/regularcampaignreport?campaignId=7');
  const health = screen.getByTestId('home-health');
  expect(await within(health).findByText('1,200 of 5,000 messages this month')).toBeInTheDocument();
  expect(within(health).getByText('OK')).toBeInTheDocument();
  expect(screen.queryByTestId('getting-started')).not.toBeInTheDocument();
});

test('a user sees the campaign list without the admin panel, and nothing asks for it', async () => {
  const fetchMock = mockFetch({ '/api/mm/campaigns': () => jsonResponse(200, page([])) });
  render(<CampaignsHome />, { route: '/campaignListView', session: makeSession({}, { userRole: 'USER' }) });
  expect(await screen.findByTestId('campaigns-empty')).toBeInTheDocument();
  expect(screen.queryByTestId('getting-started')).not.toBeInTheDocument();
  expect(fetchMock.mock.calls.map(([url]) => String(url)).some((url) => url.includes('firstSteps'))).toBe(false);
});
