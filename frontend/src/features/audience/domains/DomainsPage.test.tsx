import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '../../../lib/toast';
import { jsonResponse, mockFetch } from '../../../test-utils/fetch';
import { render } from '../../../test-utils/render';
import { makeSession } from '../../../test-utils/session';
import DomainsPage from './DomainsPage';

vi.mock('../../../lib/toast', () => ({ toast: vi.fn() }));
afterEach(() => vi.mocked(toast).mockClear());

const page = { items: [], total: 0, page: 1, pageSize: 10 };

test('the domain rule of spec 5.1 is checked before anything is sent; a valid one is added to the current tab', async () => {
  const fetchMock = mockFetch({ '/api/mm/domains': () => jsonResponse(200, page) });
  render(<DomainsPage />, { session: makeSession() });
  await userEvent.click(screen.getByRole('tab', { name: 'Public' }));
  await userEvent.click(screen.getByTestId('add-domain'));
  expect(toast).toHaveBeenCalledWith('error', 'Please fill Domain ');
  await userEvent.type(screen.getByTestId('domain-input'), 'https://bad');
  await userEvent.click(screen.getByTestId('add-domain'));
  expect(toast).toHaveBeenLastCalledWith('error', 'Please enter a valid domain name.');
  expect(fetchMock.mock.calls.every(([, init]) => (init as RequestInit).method === 'GET')).toBe(true);

  await userEvent.clear(screen.getByTestId('domain-input'));
  await userEvent.type(screen.getByTestId('domain-input'), 'Mailinator.com');
  await userEvent.click(screen.getByTestId('add-domain'));
  await waitFor(() => expect(toast).toHaveBeenLastCalledWith('success', 'Domain added successfully.'));
  const post = fetchMock.mock.calls.find(([, init]) => (init as RequestInit).method === 'POST') as unknown as [string, RequestInit];
  expect(JSON.parse(String(post[1].body))).toEqual({ domain: 'mailinator.com', domainType: 2 });
  expect(fetchMock.mock.calls.some(([url]) => String(url).includes('type=2'))).toBe(true);
});

test('Manage Domains (suppressed and public) points to the sender domains, kept on their own screen', async () => {
  mockFetch({ '/api/mm/domains': () => jsonResponse(200, page) });
  render(<DomainsPage />, { session: makeSession() });
  expect(screen.getByRole('link', { name: 'Sender domains' })).toHaveAttribute('href', '/emailDomainSetupPage');
  expect(screen.getByRole('link', { name: 'Senders' })).toHaveAttribute('href', '/senderList');
});
