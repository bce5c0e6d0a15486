import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, mockFetch } from '../../../test-utils/fetch';
import { render } from '../../../test-utils/render';
import { makeSession } from '../../../test-utils/session';
import type { Campaign } from '../api';
import CampaignFormPage from '../CampaignFormPage';
import { makeCampaign } from '../test-campaign';

vi.mock('../../../lib/toast', () => ({ toast: vi.fn() }));
afterEach(() => vi.useRealTimers());

const page = <T,>(items: T[]) => ({ items, total: items.length, totalIsEstimate: false, page: 1, pageSize: 30 });
// New York, five hours behind UTC in November; the test browser runs in another zone.
const session = makeSession({ timeZoneMinutes: -300 });

function serve(campaign: Campaign) {
  return mockFetch({
    '/api/mm/campaignSettings': () =>
      jsonResponse(200, { emailPreviewText: true, productsMapping: false, useRepAsSender: false, viewInBrowser: true, autoSaveContent: true }),
    '/api/mm/campaignTypes': () => jsonResponse(200, page([{ id: 1, name: 'General', isPrivate: false, isEnabled: true }])),
    '/api/mm/segments/rule-options': () => jsonResponse(200, { groups: [] }),
    '/api/mm/segments': () => jsonResponse(200, page([])),
    '/api/mm/templates': () => jsonResponse(200, page([])),
    '/api/mm/senders': () => jsonResponse(200, page([])),
    [`/api/mm/campaigns/${campaign.id}`]: () => jsonResponse(200, campaign),
  });
}

const open = (campaign: Campaign) => render(<CampaignFormPage />, { route: `/createcampaign?id=${campaign.id}`, session });

test("the autosave note tells the time on the client's clock, with its zone, not the browser's", async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-11-20T15:04:00Z') });
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  const campaign = makeCampaign();
  serve(campaign);
  open(campaign);
  await user.type(await screen.findByTestId('campaign-preview-text'), 'Inside');
  await act(() => vi.advanceTimersByTimeAsync(3500));
  await waitFor(() => expect(screen.getByTestId('campaign-autosaved')).toHaveTextContent('Saved automatically at 10:04 (America/New_York, UTC-05:00)'));
});

test('the sender part and the test send link to Senders and Sender domains, where a confirmed sender is made', async () => {
  const user = userEvent.setup();
  const campaign = makeCampaign();
  serve(campaign);
  open(campaign);
  await screen.findByTestId('campaign-sender');
  expect(screen.getByRole('link', { name: 'Senders' })).toHaveAttribute('href', '/senderList');
  expect(screen.getByRole('link', { name: 'Sender domains' })).toHaveAttribute('href', '/emailDomainSetupPage');
  await user.click(screen.getByTestId('campaign-test'));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByRole('link', { name: 'Senders' })).toHaveAttribute('href', '/senderList');
  expect(within(dialog).getByRole('link', { name: 'Sender domains' })).toHaveAttribute('href', '/emailDomainSetupPage');
});

test('the campaign type (its category) and the format (what it sends) read as two questions', async () => {
  const campaign = makeCampaign();
  serve(campaign);
  open(campaign);
  const category = await screen.findByTestId('campaign-type');
  expect(category).toHaveAccessibleDescription(expect.stringContaining('The category it is filed under (Campaign Types)'));
  expect(screen.getByRole('radiogroup', { name: 'Format' })).toBeInTheDocument();
  expect(screen.queryByText('Kind of campaign')).not.toBeInTheDocument();
});
