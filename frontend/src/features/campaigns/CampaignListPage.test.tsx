import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, mockFetch } from '../../test-utils/fetch';
import { render } from '../../test-utils/render';
import { makeSession } from '../../test-utils/session';
import CampaignListPage from './CampaignListPage';
import { makeCampaign } from './test-campaign';

const page = <T,>(items: T[]) => ({ items, total: items.length, totalIsEstimate: false, page: 1, pageSize: 30 });

test('a campaign sent now reads Sending, not Scheduled, until the start claims it; a later schedule stays Scheduled', async () => {
  const now = Date.now();
  const past = new Date(now - 5_000).toISOString();
  const later = new Date(now + 86_400_000).toISOString();
  mockFetch({
    '/api/mm/campaigns': () =>
      jsonResponse(
        200,
        page([
          makeCampaign({ id: 1, name: 'Sent now', status: 'Scheduled', scheduledAt: past }),
          makeCampaign({ id: 2, name: 'Tomorrow', status: 'Scheduled', scheduledAt: later }),
        ]),
      ),
  });
  render(<CampaignListPage />, { route: '/campaignListView', session: makeSession({}, { userRole: 'USER' }) });
  const sending = await screen.findByTestId('campaign-row-1');
  expect(within(sending).getByText('Sending')).toBeInTheDocument();
  expect(within(sending).queryByText('Scheduled')).not.toBeInTheDocument();
  expect(within(screen.getByTestId('campaign-row-2')).getByText('Scheduled')).toBeInTheDocument();
  // A campaign being sent can be paused, never deleted.
  await userEvent.click(within(sending).getByRole('button', { name: 'Actions for Sent now' }));
  expect(await screen.findByRole('menuitem', { name: 'Pause' })).toBeInTheDocument();
  expect(screen.queryByRole('menuitem', { name: 'Delete' })).not.toBeInTheDocument();
});
