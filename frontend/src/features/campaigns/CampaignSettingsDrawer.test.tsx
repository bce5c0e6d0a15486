import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '../../lib/toast';
import { jsonResponse, mockFetch } from '../../test-utils/fetch';
import { render } from '../../test-utils/render';
import { makeSession } from '../../test-utils/session';
import CampaignListPage from './CampaignListPage';

vi.mock('../../lib/toast', () => ({ toast: vi.fn() }));
afterEach(() => vi.mocked(toast).mockClear());

const SAVED = { emailPreviewText: true, productsMapping: false, useRepAsSender: false, viewInBrowser: true, autoSaveContent: true, postalAddress: '' };

function serve() {
  return mockFetch({
    '/api/mm/campaigns': () => jsonResponse(200, { items: [], total: 0, totalIsEstimate: false, page: 1, pageSize: 30 }),
    '/api/mm/campaignSettings': () => jsonResponse(200, { ...SAVED, autoSaveContent: false }),
  });
}

const patches = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([, init]) => init.method === 'PATCH').map(([url, init]) => [url, JSON.parse(String(init.body))]);

async function openSettings(role: 'ADMIN' | 'USER') {
  const user = userEvent.setup();
  render(<CampaignListPage />, { route: '/campaignListView', session: makeSession({}, { userRole: role }) });
  await user.click(screen.getByTestId('campaign-settings-open'));
  const drawer = await screen.findByRole('dialog', { name: 'Campaign settings' });
  await within(drawer).findByTestId('campaign-setting-autoSaveContent');
  return { user, drawer };
}

test('an admin sees the five settings as saved and saves only the one changed', async () => {
  const fetchMock = serve();
  const { user, drawer } = await openSettings('ADMIN');
  expect(within(drawer).getAllByRole('switch')).toHaveLength(5);
  expect(within(drawer).getByRole('switch', { name: /^Email preview text/ })).toBeChecked();
  expect(within(drawer).getByRole('switch', { name: /^Auto save content/ })).not.toBeChecked();
  for (const name of [/^Use rep as sender/, /^View in browser/, /^Products mapping/]) expect(within(drawer).getByRole('switch', { name })).toBeEnabled();
  expect(within(drawer).getByRole('switch', { name: /^View in browser/ })).toHaveAccessibleDescription(/links to its copy in the browser/);
  await user.click(within(drawer).getByRole('switch', { name: /^Use rep as sender/ }));
  await user.click(within(drawer).getByTestId('campaign-settings-save'));
  await waitFor(() => expect(patches(fetchMock)).toEqual([['/api/mm/campaignSettings', { useRepAsSender: true }]]));
  expect(toast).toHaveBeenCalledWith('success', 'Campaign settings saved successfully.');
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
});

test('a user reads the settings but cannot change them', async () => {
  serve();
  const { drawer } = await openSettings('USER');
  expect(drawer).toHaveTextContent('Only admins can change these settings.');
  for (const toggle of within(drawer).getAllByRole('switch')) expect(toggle).toBeDisabled();
  expect(within(drawer).getAllByRole('switch')).toHaveLength(5);
  expect(within(drawer).queryByTestId('campaign-settings-save')).not.toBeInTheDocument();
});

test('an admin gives the postal address every campaign footer carries; ?settings=open opens the drawer', async () => {
  const fetchMock = serve();
  const user = userEvent.setup();
  render(<CampaignListPage />, { route: '/campaignListView?settings=open', session: makeSession({}, { userRole: 'ADMIN' }) });
  const drawer = await screen.findByRole('dialog', { name: 'Campaign settings' });
  const postal = await within(drawer).findByRole('textbox', { name: 'Postal address' });
  expect(postal).toHaveAccessibleDescription(/footer of every campaign beside the unsubscribe link/);
  await user.type(postal, '1 Market Street');
  await user.click(within(drawer).getByTestId('campaign-settings-save'));
  await waitFor(() => expect(patches(fetchMock)).toEqual([['/api/mm/campaignSettings', { postalAddress: '1 Market Street' }]]));
});
