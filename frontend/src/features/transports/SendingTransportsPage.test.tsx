import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '../../lib/toast';
import { jsonResponse, mockFetch } from '../../test-utils/fetch';
import { render } from '../../test-utils/render';
import { makeSession } from '../../test-utils/session';
import type { SavedTransport, SendingTransport } from './api';
import SendingTransportsPage from './SendingTransportsPage';

vi.mock('../../lib/toast', () => ({ toast: vi.fn() }));
afterEach(() => vi.mocked(toast).mockClear());

const relay: SendingTransport = {
  id: 1,
  senderDomain: '',
  kind: 'smtp',
  credentialNames: [],
  webhookUrl: '',
  updatedAt: '2026-11-23T10:00:00Z',
};
const postmark: SendingTransport = {
  id: 2,
  senderDomain: 'shop.test',
  kind: 'postmark',
  credentialNames: ['serverToken'],
  webhookUrl: 'https://demo.test/esp/postmark/tracking/',
  updatedAt: '2026-11-23T10:00:00Z',
};
const savedMailgun: SavedTransport = {
  id: 3,
  senderDomain: 'news.test',
  kind: 'mailgun',
  credentialNames: ['apiKey', 'region'],
  webhookUrl: 'https://demo.test/esp/mailgun/tracking/',
  webhookUrlWithPassword: 'https://mailcraft:s3cr%2Bt@demo.test/esp/mailgun/tracking/',
  updatedAt: '2026-11-23T10:00:00Z',
};

/** The list's answer: one page holding `items`. */
const transportPage = (items: SendingTransport[]) => ({ items, total: items.length, totalIsEstimate: false, page: 1, pageSize: 10 });

const sent = (fetchMock: ReturnType<typeof mockFetch>, method: string) =>
  fetchMock.mock.calls.filter(([, init]) => init.method === method).map(([url, init]) => [url, init.body ? JSON.parse(String(init.body)) : null]);

test('lists each domain’s transport, never a credential; the default is named', async () => {
  mockFetch({ '/api/mm/sendingTransports': () => jsonResponse(200, transportPage([relay, postmark])) });
  render(<SendingTransportsPage />, { session: makeSession() });
  const first = await screen.findByTestId('transport-row-1');
  expect(within(first).getByText('Default (every other domain)')).toBeInTheDocument();
  expect(within(first).getByText('SMTP relay')).toBeInTheDocument();
  const second = screen.getByTestId('transport-row-2');
  expect(within(second).getByText('Postmark')).toBeInTheDocument();
  expect(within(second).getByText('Stored: serverToken')).toBeInTheDocument();
  expect(within(second).getByText('https://demo.test/esp/postmark/tracking/')).toBeInTheDocument();
});

test('an empty list says the relay sends everything', async () => {
  mockFetch({ '/api/mm/sendingTransports': () => jsonResponse(200, transportPage([])) });
  render(<SendingTransportsPage />, { session: makeSession() });
  expect(await screen.findByText('All your mail goes out through the platform’s SMTP relay.')).toBeInTheDocument();
});

test('adding a Mailgun transport asks for its fields, saves them and shows the webhook password once', async () => {
  const fetchMock = mockFetch({
    '/api/mm/sendingTransports': () =>
      fetchMock.mock.calls.at(-1)?.[1].method === 'PUT' ? jsonResponse(200, savedMailgun) : jsonResponse(200, transportPage([])),
  });
  render(<SendingTransportsPage />, { session: makeSession() });
  await userEvent.click(await screen.findByTestId('add-transport'));
  await userEvent.type(await screen.findByTestId('transport-domain', {}, { timeout: 3000 }), 'news.test');
  await userEvent.click(screen.getByTestId('transport-kind'));
  await userEvent.click(await screen.findByRole('option', { name: 'Mailgun', hidden: true }));
  await userEvent.click(screen.getByTestId('transport-save'));
  expect(toast).toHaveBeenCalledWith('error', 'Please fill API key ');
  expect(screen.getByText('Please fill API key')).toBeInTheDocument();
  expect(sent(fetchMock, 'PUT')).toEqual([]);

  await userEvent.type(screen.getByTestId('credential-apiKey'), ' key-1 ');
  await userEvent.click(screen.getByTestId('credential-region'));
  await userEvent.click(await screen.findByRole('option', { name: 'EU', hidden: true }));
  await userEvent.click(screen.getByTestId('transport-save'));
  await waitFor(() => expect(toast).toHaveBeenCalledWith('success', 'Sending transport saved.'));
  expect(sent(fetchMock, 'PUT')).toEqual([
    ['/api/mm/sendingTransports', { senderDomain: 'news.test', kind: 'mailgun', credentials: { apiKey: 'key-1', region: 'eu' } }],
  ]);
  expect(await screen.findByTestId('webhook-url')).toHaveTextContent(savedMailgun.webhookUrlWithPassword);
  expect(screen.getByTestId('webhook-user')).toHaveTextContent('mailcraft');
  expect(screen.getByTestId('webhook-password')).toHaveTextContent('s3cr+t');
  expect(screen.getByRole('button', { name: 'Copy Password' })).toBeInTheDocument();
  await userEvent.click(screen.getByTestId('webhook-done'));
  await waitFor(() => expect(screen.queryByTestId('webhook-url')).not.toBeInTheDocument());
});

test('a refusal of the API is shown on its field', async () => {
  const fetchMock = mockFetch({
    '/api/mm/sendingTransports': () =>
      fetchMock.mock.calls.at(-1)?.[1].method === 'PUT'
        ? jsonResponse(400, { message: 'Please enter a valid domain', errors: { senderDomain: ['Please enter a valid domain'] } })
        : jsonResponse(200, transportPage([])),
  });
  render(<SendingTransportsPage />, { session: makeSession() });
  await userEvent.click(await screen.findByTestId('add-transport'));
  await userEvent.type(await screen.findByTestId('transport-domain', {}, { timeout: 3000 }), 'not a domain');
  await userEvent.click(screen.getByTestId('transport-save'));
  await waitFor(() => expect(screen.getByText('Please enter a valid domain')).toBeInTheDocument());
});

test('editing keeps the domain and asks for the credentials again; deleting asks first', async () => {
  const fetchMock = mockFetch({
    '/api/mm/sendingTransports': () =>
      fetchMock.mock.calls.at(-1)?.[1].method === 'PUT'
        ? jsonResponse(200, { ...postmark, webhookUrlWithPassword: '' })
        : jsonResponse(200, transportPage([postmark])),
    '/api/mm/sendingTransports/2': () => new Response(null, { status: 204 }),
  });
  render(<SendingTransportsPage />, { session: makeSession() });
  await userEvent.click(await screen.findByRole('button', { name: 'Actions for shop.test' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
  const domain = await screen.findByTestId('transport-domain', {}, { timeout: 3000 });
  expect(domain).toHaveValue('shop.test');
  expect(domain).toBeDisabled();
  expect(screen.getByText('Saved credentials are never shown again. Enter them again to save this transport.')).toBeInTheDocument();
  expect(screen.getByTestId('credential-serverToken')).toHaveValue('');
  await userEvent.type(screen.getByTestId('credential-serverToken'), 'token-2');
  await userEvent.click(screen.getByTestId('transport-save'));
  await waitFor(() => expect(sent(fetchMock, 'PUT')).toHaveLength(1));
  expect(sent(fetchMock, 'PUT')[0][1]).toEqual({ senderDomain: 'shop.test', kind: 'postmark', credentials: { serverToken: 'token-2' } });

  await userEvent.click(await screen.findByRole('button', { name: 'Actions for shop.test' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
  expect(await screen.findByText(/Delete the transport of shop.test\?/)).toBeInTheDocument();
  expect(sent(fetchMock, 'DELETE')).toEqual([]);
  await userEvent.click(screen.getByTestId('confirm-yes'));
  await waitFor(() => expect(sent(fetchMock, 'DELETE')).toEqual([['/api/mm/sendingTransports/2', null]]));
  expect(toast).toHaveBeenCalledWith('success', 'Sending transport deleted.');
});

test('members who are not admins see the refusal, and nothing is asked of the API', async () => {
  const fetchMock = mockFetch({});
  render(<SendingTransportsPage />, { session: makeSession({}, { userRole: 'USER' }) });
  expect(await screen.findByText('Accessed only by Admin Users')).toBeInTheDocument();
  expect(fetchMock).not.toHaveBeenCalled();
});
