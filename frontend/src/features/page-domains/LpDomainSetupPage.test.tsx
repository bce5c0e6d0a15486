import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '../../lib/toast';
import { jsonResponse, mockFetch } from '../../test-utils/fetch';
import { render } from '../../test-utils/render';
import { makeSession } from '../../test-utils/session';
import type { PageDomain, PageStorage } from './api';
import LpDomainSetupPage from './LpDomainSetupPage';

vi.mock('../../lib/toast', () => ({ toast: vi.fn() }));
afterEach(() => vi.mocked(toast).mockClear());

const domain = (overrides: Partial<PageDomain> = {}): PageDomain => ({
  id: 3,
  name: 'pages.shop.test',
  status: 'pending',
  error: '',
  checkedAt: null,
  verifiedAt: null,
  records: [
    { key: 'cname', type: 'CNAME', host: 'pages.shop.test', value: 'pages.mailcraft.test', status: 'unchecked', error: '', found: [] },
    { key: 'verification', type: 'TXT', host: '_mailcraft.pages.shop.test', value: 'mailcraft-page-verification=abc', status: 'unchecked', error: '', found: [] },
  ],
  ...overrides,
});

const storage = (overrides: Partial<PageStorage> = {}): PageStorage => ({ kind: 'local', chosen: false, chosenAt: null, kinds: ['local', 's3'], ...overrides });

test('a domain lists its records to copy; Verify shows the verified state', async () => {
  let items: PageDomain[] = [];
  const verified = domain({
    status: 'verified',
    checkedAt: '2026-11-23T10:05:00Z',
    verifiedAt: '2026-11-23T10:05:00Z',
    records: domain().records.map((record) => ({ ...record, status: 'verified' as const })),
  });
  const fetchMock = mockFetch({
    '/api/mm/page-domains': () => {
      if (lastInit().method === 'POST') {
        items = [domain()];
        return jsonResponse(201, items[0]);
      }
      return jsonResponse(200, { items, cnameTarget: 'pages.mailcraft.test' });
    },
    '/api/mm/page-domains/3/verify': () => {
      items = [verified];
      return jsonResponse(200, verified);
    },
    '/api/mm/page-storage': () => jsonResponse(200, storage()),
  });
  render(<LpDomainSetupPage />, { session: makeSession() });
  expect(await screen.findByText('No page domains yet.')).toBeInTheDocument();
  await userEvent.click(screen.getByLabelText('Domain'));
  await userEvent.paste('pages.shop.test');
  await userEvent.click(screen.getByRole('button', { name: 'Add domain' }));
  const card = await screen.findByTestId('page-domain-pages.shop.test');
  expect(within(card).getByText('mailcraft-page-verification=abc')).toBeInTheDocument();
  expect(within(card).getByRole('button', { name: 'Copy Pages host (CNAME) value' })).toBeInTheDocument();
  expect(within(card).getByText('Not verified yet')).toBeInTheDocument();
  await userEvent.click(within(card).getByRole('button', { name: 'Verify' }));
  await waitFor(() => expect(within(card).getByText('Verified')).toBeInTheDocument());
  expect(within(card).getByText(/^Last checked 2026-11-23/)).toBeInTheDocument();
  expect(toast).toHaveBeenCalledWith('success', 'Domain verified. Your pages are served on it.');
  function lastInit() {
    return fetchMock.mock.calls.at(-1)![1];
  }
});

test('the storage choice is made only after the warning is confirmed', async () => {
  let current = storage();
  const chosen: string[] = [];
  const fetchMock = mockFetch({
    '/api/mm/page-domains': () => jsonResponse(200, { items: [], cnameTarget: 'pages.mailcraft.test' }),
    '/api/mm/page-storage': () => {
      const init = fetchMock.mock.calls.at(-1)![1];
      if (init.method === 'POST') {
        chosen.push(String(init.body));
        current = storage({ kind: 's3', chosen: true, chosenAt: '2026-11-23T10:05:00Z' });
      }
      return jsonResponse(200, current);
    },
  });
  render(<LpDomainSetupPage />, { session: makeSession() });
  await userEvent.click(await screen.findByLabelText('CDN storage (S3-compatible)'));
  await userEvent.click(screen.getByRole('button', { name: 'Choose storage' }));
  const dialog = await screen.findByRole('dialog', { name: 'This choice is permanent' });
  expect(within(dialog).getByText(/cannot be undone/)).toBeInTheDocument();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(chosen).toEqual([]);
  await userEvent.click(screen.getByRole('button', { name: 'Choose storage' }));
  await userEvent.click(within(await screen.findByRole('dialog')).getByTestId('confirm-yes'));
  expect(await screen.findByTestId('page-storage-chosen')).toHaveTextContent('cannot be changed');
  expect(chosen.map((body) => JSON.parse(body))).toEqual([{ kind: 's3' }]);
  expect(screen.queryByRole('button', { name: 'Choose storage' })).not.toBeInTheDocument();
});
