import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '../../lib/toast';
import { jsonResponse, mockFetch } from '../../test-utils/fetch';
import { render } from '../../test-utils/render';
import { makeSession } from '../../test-utils/session';
import type { Campaign } from './api';
import CampaignFormPage from './CampaignFormPage';
import CampaignKindsPage from './CampaignKindsPage';
import { makeCampaign } from './test-campaign';

vi.mock('../../lib/toast', () => ({ toast: vi.fn() }));
afterEach(() => vi.mocked(toast).mockClear());

const page = <T,>(items: T[]) => ({ items, total: items.length, totalIsEstimate: false, page: 1, pageSize: 30 });
const session = makeSession({ timeZoneMinutes: -300 });

const FEED = {
  status: 1,
  date: {
    data: {
      channel: {
        title: 'Springfield Gazette',
        link: 'https://gazette.example.com/',
        description: 'Local news',
        item: ['Library', 'Market', 'Final'].map((title) => ({
          title,
          description: '',
          pubDate: 'Mon, 23 Nov 2026 07:30:00 GMT',
          link: `https://gazette.example.com/${title}`,
          guid: title,
          author: '',
          enclosure: '',
        })),
      },
    },
  },
};

const SETTINGS = { emailPreviewText: true, productsMapping: false, useRepAsSender: false, viewInBrowser: true, autoSaveContent: true, postalAddress: '1 Market Street' };
const SUMMARY = {
  recipients: 14,
  fromName: 'News',
  fromAddress: 'news@shop.test',
  senderProblem: '',
  warmup: null,
  warmupNote: '',
  warmupMinimum: null,
  postalAddress: '1 Market Street',
};
const SENDERS = [
  { id: 21, name: 'Spring Team', email: 'spring@news.example' },
  { id: 22, name: 'Demo news', email: 'news@demo.example' },
];

function serve(campaign: Campaign, extra: Record<string, () => Response> = {}, settings: Partial<typeof SETTINGS> = {}) {
  return mockFetch({
    '/api/mm/campaignSettings': () => jsonResponse(200, { ...SETTINGS, ...settings }),
    '/api/mm/campaignTypes': () => jsonResponse(200, page([{ id: 1, name: 'General', isPrivate: false, isEnabled: true }])),
    '/api/mm/segments/rule-options': () => jsonResponse(200, { groups: [{ id: 3, name: 'Customers' }] }),
    '/api/mm/segments': () => jsonResponse(200, page([])),
    '/api/mm/templates': () => jsonResponse(200, page([{ id: 8, name: 'Newsletter' }, { id: 9, name: 'Offer' }])),
    '/api/mm/senders': () => jsonResponse(200, page(SENDERS)),
    [`/api/mm/campaigns/${campaign.id}/sendSummary`]: () => jsonResponse(200, SUMMARY),
    [`/api/mm/campaigns/${campaign.id}`]: () => jsonResponse(200, campaign),
    ...extra,
  });
}

/** An inline error: the field is marked invalid and described by the message. */
function expectError(field: HTMLElement, message: string) {
  expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(field).toHaveAccessibleDescription(expect.stringContaining(message));
}

const open = (campaign: Campaign) => render(<CampaignFormPage />, { route: `/createcampaign?id=${campaign.id}`, session });
const sentBodies = (fetchMock: ReturnType<typeof mockFetch>, method: string) =>
  fetchMock.mock.calls.filter(([, init]) => init.method === method).map(([url, init]) => [url, JSON.parse(String(init.body))]);

test('choosing A/B on the subject shows variant subjects A and B (and C when added) in place of the subject', async () => {
  const user = userEvent.setup();
  serve(makeCampaign());
  open(makeCampaign());
  expect(await screen.findByTestId('campaign-subject')).toBeInTheDocument();
  expect(screen.queryByTestId('campaign-ab')).not.toBeInTheDocument();
  await user.click(screen.getByRole('radio', { name: 'A/B test' }));
  const ab = screen.getByTestId('campaign-ab');
  expect(within(ab).queryByLabelText('Subject of variant A')).not.toBeInTheDocument();
  await user.click(within(ab).getByRole('radio', { name: 'Subject' }));
  expect(within(ab).getByLabelText('Subject of variant A')).toBeInTheDocument();
  expect(within(ab).getByLabelText('Subject of variant B')).toBeInTheDocument();
  expect(screen.queryByTestId('campaign-subject')).not.toBeInTheDocument();
  expect(screen.getByText('Each variant has its own subject (A/B test above).')).toBeInTheDocument();
  await user.click(within(ab).getByRole('button', { name: 'Add variant C' }));
  expect(within(ab).getByLabelText('Subject of variant C')).toBeInTheDocument();
  expect(ab).toHaveTextContent('Once a winner is picked it cannot be changed.');
  await user.click(within(ab).getByRole('radio', { name: 'Content' }));
  expect(within(ab).getByRole('combobox', { name: 'Template of variant C' })).toBeInTheDocument();
  expect(screen.getByTestId('campaign-subject')).toBeInTheDocument();
});

test('Send Now with an A/B test half set shows each problem beside its field and sends nothing', async () => {
  const user = userEvent.setup();
  const campaign = makeCampaign({
    type: 'AB', groupIds: [3], fromName: 'News', fromAddress: 'news@shop.test', templateId: 8, abTestOn: 'subject',
    abVariants: [{ name: 'A', subject: 'One', templateId: null }, { name: 'B', subject: '', templateId: null }],
  });
  const fetchMock = serve(campaign);
  open(campaign);
  await user.click(await screen.findByTestId('campaign-send-now'));
  const ab = screen.getByTestId('campaign-ab');
  expectError(within(ab).getByLabelText('Subject of variant B'), 'Please fill Subject of variant B');
  expectError(within(ab).getByLabelText('Test share (% of the audience)'), 'The test share must be from 10 to 50 percent.');
  expectError(within(ab).getByRole('combobox', { name: 'Winning rule' }), 'Please choose the winning rule: opens or clicks after some hours.');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(sentBodies(fetchMock, 'POST')).toEqual([]);
  expect(toast).toHaveBeenCalledWith('error', 'The test share must be from 10 to 50 percent.');
});

test('a picked winner is shown read-only', async () => {
  const campaign = makeCampaign({ type: 'AB', status: 'Sent', abTestOn: 'subject', abWinner: 'B', abVariants: [{ name: 'A', subject: 'One' }, { name: 'B', subject: 'Two' }] });
  serve(campaign);
  open(campaign);
  expect(await screen.findByTestId('campaign-ab-winner')).toHaveTextContent('Winner: variant B');
  expect(screen.getByTestId('campaign-ab-winner')).toHaveTextContent('The winner has been picked and cannot be changed.');
  expect(screen.getByLabelText('Subject of variant B')).toBeDisabled();
});

test('a resend switched on needs its days (2 to 10) and time before a save is sent', async () => {
  const user = userEvent.setup();
  const campaign = makeCampaign();
  const fetchMock = serve(campaign);
  open(campaign);
  await user.click(await screen.findByRole('switch', { name: 'Resend to people who did not open' }));
  const days = screen.getByTestId('campaign-resendUnopened-days');
  await user.type(days, '12');
  await user.click(screen.getByTestId('campaign-save'));
  expectError(days, 'Resend follow-up days must be from 2 to 10.');
  expectError(screen.getByTestId('campaign-resendUnopened-time'), 'Please fill Resend Time');
  expect(days).toHaveFocus();
  expect(sentBodies(fetchMock, 'PATCH')).toEqual([]);
  await user.clear(days);
  await user.type(days, '3');
  await user.type(screen.getByTestId('campaign-resendUnopened-time'), '09:30');
  await user.click(screen.getByTestId('campaign-save'));
  await waitFor(() => expect(sentBodies(fetchMock, 'PATCH')).toHaveLength(1));
  const [[, body]] = sentBodies(fetchMock, 'PATCH');
  expect(body).toMatchObject({ action: 'draftSave', resendUnopened: true, resendUnopenedDays: 3, resendUnopenedTime: '09:30' });
});

test('Check feed previews the articles the next RSS email would carry; a bad URL is refused without a call', async () => {
  const user = userEvent.setup();
  const campaign = makeCampaign({ type: 'RSS Feed', rssArticleCount: 2 });
  const fetchMock = serve(campaign, { '/api/getRSSXML': () => jsonResponse(200, FEED) });
  open(campaign);
  const url = await screen.findByTestId('campaign-rss-url');
  await user.click(url);
  await user.paste('ftp://gazette.example.com/feed');
  await user.click(screen.getByTestId('campaign-rss-check'));
  expectError(url, 'Please enter a valid RSS URL');
  expect(fetchMock.mock.calls.some(([path]) => path.startsWith('/api/getRSSXML'))).toBe(false);
  await user.clear(url);
  await user.click(url);
  await user.paste('https://gazette.example.com/feed.xml');
  await user.click(screen.getByTestId('campaign-rss-check'));
  const preview = await screen.findByTestId('campaign-rss-preview');
  expect(preview).toHaveTextContent('Springfield Gazette');
  expect(within(preview).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
    'Library · Mon, 23 Nov 2026 07:30:00 GMT',
    'Market · Mon, 23 Nov 2026 07:30:00 GMT',
  ]);
  expect(fetchMock.mock.calls.find(([path]) => path.startsWith('/api/getRSSXML'))?.[0]).toBe('/api/getRSSXML?rssFeedUrl=https%3A%2F%2Fgazette.example.com%2Ffeed.xml');
});

test("the browser's checks come first, then the server's field errors show beside their fields", async () => {
  const user = userEvent.setup();
  const campaign = makeCampaign({ type: 'RSS Feed', groupIds: [3], fromName: 'News', fromAddress: 'news@shop.test', templateId: 8, subject: 'Daily' });
  const refusal = 'This RSS URL points to an address that cannot be reached from here.';
  const fetchMock = serve(campaign, { '/api/mm/campaigns/5/send': () => jsonResponse(400, { message: refusal, errors: { rssUrl: [refusal] } }) });
  open(campaign);
  const url = await screen.findByTestId('campaign-rss-url');
  await user.click(url);
  await user.paste('https://feeds.example.com/x');
  await user.click(screen.getByTestId('campaign-send-now'));
  expectError(screen.getByRole('combobox', { name: 'Frequency' }), 'Please fill Frequency');
  expectError(screen.getByTestId('campaign-rss-count'), 'Please fill Article Count');
  expect(sentBodies(fetchMock, 'POST')).toEqual([]);
  await user.click(screen.getByRole('combobox', { name: 'Frequency' }));
  await user.click(await screen.findByRole('option', { name: 'Every week', hidden: true }));
  await user.type(screen.getByTestId('campaign-rss-count'), '3');
  await user.click(screen.getByTestId('campaign-send-now'));
  await user.click(await screen.findByTestId('confirm-yes', {}, { timeout: 5000 }));
  await waitFor(() => expectError(url, refusal));
  expect(sentBodies(fetchMock, 'POST')).toEqual([
    ['/api/mm/campaigns/5/send', expect.objectContaining({ when: 'now', type: 'RSS Feed', rssUrl: 'https://feeds.example.com/x', rssFrequency: 'Week', rssArticleCount: 3 })],
  ]);
});

test('a schedule already past reads "cannot be earlier" at once, with the client zone beside the picker', async () => {
  const campaign = makeCampaign({ scheduledAt: '2020-01-01T09:00:00-05:00', type: 'Poll', pollExpiresAt: '2019-12-01T09:00:00-05:00' });
  serve(campaign);
  open(campaign);
  const schedule = await screen.findByTestId('campaign-schedule');
  expect(schedule).toHaveTextContent('2020-01-01 09:00');
  expectError(schedule, 'Schedule date cannot be earlier than the current date.');
  expect(schedule).toHaveAccessibleDescription(expect.stringContaining("In your account's time zone: America/New_York, UTC-05:00"));
  expectError(screen.getByTestId('campaign-poll-expiry'), 'Poll expiry cannot be earlier than now.');
});

test('/intermediateRoute offers the four kinds and sends a campaign id on to its form', async () => {
  render(<CampaignKindsPage />, { route: '/intermediateRoute', session });
  expect(screen.getByRole('heading', { name: 'Create Campaign' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Create A/B test campaign' })).toHaveAttribute('href', '/createcampaign?type=AB');
  expect(screen.getByRole('link', { name: 'Create RSS feed campaign' })).toHaveAttribute('href', '/createcampaign?type=RSS+Feed');
  expect(screen.getAllByRole('link', { name: /^Create .* campaign$/ })).toHaveLength(4);
});

test('/intermediateRoute?id= opens that campaign', () => {
  render(<CampaignKindsPage />, { route: '/intermediateRoute?id=12', session });
  expect(screen.getByTestId('location')).toHaveTextContent('/createcampaign?id=12');
});

test('a new campaign starts with the kind chosen before and sends it', async () => {
  const user = userEvent.setup();
  const fetchMock = serve(makeCampaign(), { '/api/mm/campaigns': () => jsonResponse(201, makeCampaign({ id: 6, type: 'AB' })) });
  render(<CampaignFormPage />, { route: '/createcampaign?type=AB', session });
  expect(await screen.findByRole('radio', { name: 'A/B test' })).toBeChecked();
  await user.type(screen.getByTestId('campaign-name'), 'Split');
  await user.click(screen.getByTestId('campaign-create'));
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/createcampaign?id=6'));
  expect(sentBodies(fetchMock, 'POST')).toEqual([['/api/mm/campaigns', { name: 'Split', campaignTypeId: 1, type: 'AB', abVariants: [{ name: 'A', subject: '' }, { name: 'B', subject: '' }] }]]);
});

test('autosave: a quiet save 3 s after a change, after which leaving asks nothing', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  const campaign = makeCampaign();
  const fetchMock = serve(campaign);
  open(campaign);
  await user.type(await screen.findByTestId('campaign-preview-text'), 'Inside');
  await act(() => vi.advanceTimersByTimeAsync(3500));
  await waitFor(() => expect(sentBodies(fetchMock, 'PATCH')).toHaveLength(1));
  expect(sentBodies(fetchMock, 'PATCH')[0][1]).toMatchObject({ action: 'autosave', previewText: 'Inside' });
  await waitFor(() => expect(screen.getByTestId('campaign-autosaved')).toHaveTextContent('Saved automatically'));
  await user.click(screen.getByRole('link', { name: 'Back to campaigns' }));
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/campaignListView'));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test('with autosave and preview text off in the settings: no quiet save, no preview text, and leaving asks first', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  const campaign = makeCampaign({ previewText: 'Kept as saved' });
  const fetchMock = serve(campaign, {}, { autoSaveContent: false, emailPreviewText: false });
  open(campaign);
  const name = await screen.findByTestId('campaign-name');
  expect(screen.queryByTestId('campaign-preview-text')).not.toBeInTheDocument();
  expect(screen.getByTestId('campaign-autosaved')).toHaveTextContent('Autosave is off in the campaign settings');
  await user.type(name, ' sale');
  await act(() => vi.advanceTimersByTimeAsync(5000));
  expect(sentBodies(fetchMock, 'PATCH')).toEqual([]);
  await user.click(screen.getByRole('link', { name: 'Back to campaigns' }));
  expect(await screen.findByRole('dialog', { name: 'Unsaved changes' })).toHaveTextContent('You have unsaved changes. Leave this page?');
  await user.click(screen.getByTestId('leave-stay'));
  expect(screen.getByTestId('location')).toHaveTextContent('/createcampaign?id=5');
  await user.click(screen.getByTestId('campaign-save'));
  await waitFor(() => expect(sentBodies(fetchMock, 'PATCH')).toHaveLength(1));
  const [[, body]] = sentBodies(fetchMock, 'PATCH');
  expect(body).toMatchObject({ action: 'draftSave', name: 'Winter sale' });
  expect(body).not.toHaveProperty('previewText');
  await user.click(screen.getByRole('link', { name: 'Back to campaigns' }));
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/campaignListView'));
});

test('a new campaign without a name is refused beside the field, which takes the focus, and nothing is sent', async () => {
  const user = userEvent.setup();
  const fetchMock = serve(makeCampaign());
  render(<CampaignFormPage />, { route: '/createcampaign?type=Regular', session });
  await user.click(await screen.findByTestId('campaign-create'));
  const name = screen.getByTestId('campaign-name');
  expectError(name, 'Please fill Campaign Name');
  expect(name).toHaveFocus();
  expect(sentBodies(fetchMock, 'POST')).toEqual([]);
  await user.type(name, 'Split');
  expect(name).not.toHaveAttribute('aria-invalid', 'true');
});

test('choosing a sender fills and shows its own name and address; a mixed pair saved earlier shows the sender\'s', async () => {
  const user = userEvent.setup();
  // Saved before the fields followed the picker: Spring Team's name with Demo news chosen.
  const campaign = makeCampaign({ senderId: 22, fromName: 'Spring Team', fromAddress: 'spring@news.example' });
  const fetchMock = serve(campaign);
  open(campaign);
  const name = await screen.findByTestId('campaign-from-name');
  const address = screen.getByTestId('campaign-from-address');
  expect(name).toHaveValue('Demo news');
  expect(address).toHaveValue('news@demo.example');
  expect(name).toHaveAttribute('readonly');
  await user.click(screen.getByTestId('campaign-sender'));
  await user.click(await screen.findByRole('option', { name: 'Spring Team <spring@news.example>', hidden: true }));
  expect(name).toHaveValue('Spring Team');
  expect(address).toHaveValue('spring@news.example');
  await user.click(screen.getByTestId('campaign-save'));
  await waitFor(() =>
    expect(fetchMock.mock.calls.some(([, init]) => init.method === 'PATCH')).toBe(true),
  );
  const [[, saved]] = sentBodies(fetchMock, 'PATCH');
  expect(saved).toEqual(expect.objectContaining({ senderId: 21, fromName: 'Spring Team', fromAddress: 'spring@news.example' }));
});

test("Send Now's confirmation shows the recipients, the From and a new domain's allowance for the day", async () => {
  const user = userEvent.setup();
  const campaign = makeCampaign({ groupIds: [3], fromName: 'News', fromAddress: 'news@shop.test', templateId: 8, subject: 'Hello' });
  const warmup = { domain: 'shop.test', dayNumber: 1, days: 10, allowance: 500, remaining: 486, nextDayAt: '2026-11-29T00:00:00-05:00' };
  serve(campaign, { [`/api/mm/campaigns/${campaign.id}/sendSummary`]: () => jsonResponse(200, { ...SUMMARY, warmup }) });
  open(campaign);
  await user.click(await screen.findByTestId('campaign-send-now'));
  expect(await screen.findByTestId('send-summary-recipients')).toHaveTextContent('14');
  expect(screen.getByTestId('send-summary-from')).toHaveTextContent('News <news@shop.test>');
  expect(screen.getByTestId('send-summary-warmup')).toHaveTextContent(
    'shop.test is warming up (day 1 of 10): it sends at most 500 messages today, 486 still free.',
  );
  expect(screen.getByTestId('confirm-yes')).toBeEnabled();
});

test('without a postal address the page says so before Send, links to the settings, and the send cannot be confirmed', async () => {
  const user = userEvent.setup();
  const campaign = makeCampaign({ groupIds: [3], fromName: 'News', fromAddress: 'news@shop.test', templateId: 8, subject: 'Hello' });
  serve(campaign, { [`/api/mm/campaigns/${campaign.id}/sendSummary`]: () => jsonResponse(200, { ...SUMMARY, postalAddress: '' }) }, { postalAddress: '' });
  open(campaign);
  const [onPage] = await screen.findAllByTestId('postal-address-missing');
  expect(within(onPage).getByRole('link', { name: 'Add your postal address in the campaign settings' })).toHaveAttribute('href', '/campaignListView?settings=open');
  await user.click(screen.getByTestId('campaign-send-now'));
  await screen.findByTestId('send-summary-recipients');
  expect(screen.getByTestId('confirm-yes')).toBeDisabled();
});
