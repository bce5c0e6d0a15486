import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '../../lib/toast';
import { jsonResponse, mockFetch } from '../../test-utils/fetch';
import { render } from '../../test-utils/render';
import { makeSession } from '../../test-utils/session';
import type { Sender } from './api';
import SenderListPage from './SenderListPage';

vi.mock('../../lib/toast', () => ({ toast: vi.fn() }));
afterEach(() => vi.mocked(toast).mockClear());

const sender: Sender = {
  id: 3,
  name: 'Shop news',
  email: 'news@shop.test',
  domain: 'shop.test',
  replyTo: '',
  isEnabled: true,
  isDefault: true,
  verifiedAt: null,
  activationSentAt: '2026-11-23T10:00:00Z',
  createdAt: '2026-11-23T10:00:00Z',
  status: 'pendingActivation',
  problem: 'The sender is not verified or not in the verified list.',
};

test('rows show the status badge and the default; a refused address is shown on its field', async () => {
  const fetchMock = mockFetch({
    '/api/mm/senders': () =>
      fetchMock.mock.calls.at(-1)?.[1].method === 'POST'
        ? jsonResponse(400, { message: 'Please enter valid Email ID', errors: { email: ['Please enter valid Email ID'] } })
        : jsonResponse(200, { items: [sender], total: 1, page: 1, pageSize: 10 }),
  });
  render(<SenderListPage />, { session: makeSession() });
  const row = await screen.findByTestId('sender-row-3');
  expect(within(row).getByText('Pending verification')).toBeInTheDocument();
  expect(within(row).getByText('Default')).toBeInTheDocument();

  await userEvent.click(screen.getByTestId('add-sender'));
  // The dialog mounts after its opening transition starts: wait for it on a busy machine.
  await userEvent.click(await screen.findByTestId('sender-save', {}, { timeout: 3000 }));
  expect(toast).toHaveBeenCalledWith('error', 'Please fill Sender Name ');
  await userEvent.type(screen.getByTestId('sender-name'), 'Sales');
  await userEvent.type(screen.getByTestId('sender-email'), 'sales@');
  await userEvent.click(screen.getByTestId('sender-save'));
  await waitFor(() => expect(screen.getByText('Please enter valid Email ID')).toBeInTheDocument());
  const post = fetchMock.mock.calls.find(([, init]) => init.method === 'POST')!;
  expect(JSON.parse(String(post[1].body))).toEqual({ name: 'Sales', email: 'sales@', replyTo: '', isDefault: false });
});

test('the row menu resends the verification mail', async () => {
  const fetchMock = mockFetch({
    '/api/mm/senders': () => jsonResponse(200, { items: [sender], total: 1, page: 1, pageSize: 10 }),
    '/api/mm/senders/3/activation': () => jsonResponse(200, { message: 'Verification email sent to news@shop.test.' }),
  });
  render(<SenderListPage />, { session: makeSession() });
  await userEvent.click(await screen.findByRole('button', { name: 'Actions for news@shop.test' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Resend verification' }));
  await waitFor(() => expect(toast).toHaveBeenCalledWith('success', 'Verification email sent to news@shop.test.'));
  expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/mm/senders/3/activation' && init.method === 'POST')).toBe(true);
});

test('a full page without the side menu (spec 2.4): it leads back to the campaigns and on to the sender domains', async () => {
  mockFetch({ '/api/mm/senders': () => jsonResponse(200, { items: [], total: 0, totalIsEstimate: false, page: 1, pageSize: 10 }) });
  render(<SenderListPage />, { session: makeSession() });
  expect(screen.getByRole('link', { name: 'Back to campaigns' })).toHaveAttribute('href', '/campaignListView');
  expect(screen.getByRole('link', { name: 'Sender domains' })).toHaveAttribute('href', '/emailDomainSetupPage');
});
