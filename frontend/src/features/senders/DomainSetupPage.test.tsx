import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '../../lib/toast';
import { jsonResponse, mockFetch } from '../../test-utils/fetch';
import { render } from '../../test-utils/render';
import { makeSession } from '../../test-utils/session';
import type { DnsRecord, DomainList, SenderDomain } from './api';
import DomainSetupPage from './DomainSetupPage';

vi.mock('../../lib/toast', () => ({ toast: vi.fn() }));
afterEach(() => vi.mocked(toast).mockClear());

const record = (key: string, overrides: Partial<DnsRecord> = {}): DnsRecord => ({
  key,
  kind: key === 'cname' ? 'Return path (CNAME)' : `${key} record`,
  type: key === 'cname' ? 'CNAME' : 'TXT',
  host: `${key}.shop.test`,
  value: `value of ${key}`,
  required: key !== 'dmarc',
  status: 'unchecked',
  error: '',
  found: [],
  ...overrides,
});

const domain = (overrides: Partial<SenderDomain> = {}): SenderDomain => ({
  id: 4,
  name: 'shop.test',
  status: 'pending',
  error: '',
  checkedAt: null,
  verifiedAt: null,
  createdAt: '2026-11-23T10:00:00Z',
  senders: 1,
  records: ['cname', 'verification', 'spf', 'dmarc'].map((key) => record(key)),
  dkimRollover: false,
  ...overrides,
});

const list = (items: SenderDomain[]) => ({ items, trackingCnameTarget: 'track.mailcraft.test', trackingDomain: null });

test('each record shows its host and value with a copy button; Verify shows the failure beside the records', async () => {
  const failed = domain({
    status: 'failed',
    error: 'SPF or DKIM not found or invalid for the sender domain.',
    checkedAt: '2026-11-23T10:05:00Z',
    records: [
      record('cname', { status: 'invalid', error: 'The CNAME points at else.test instead of bounces.test.', found: ['else.test'] }),
      record('verification', { status: 'verified' }),
      record('spf', { status: 'missing', error: 'Record not found.' }),
      record('dmarc', { status: 'missing', error: 'Record not found.' }),
    ],
  });
  let answer = list([domain()]);
  const fetchMock = mockFetch({
    '/api/mm/sender-domains': () => jsonResponse(200, answer),
    '/api/mm/sender-domains/4/verify': () => {
      answer = list([failed]);
      return jsonResponse(200, failed);
    },
  });
  render(<DomainSetupPage />, { session: makeSession() });
  const card = await screen.findByTestId('domain-shop.test');
  expect(within(card).getByText('Not checked yet')).toBeInTheDocument();
  expect(within(card).getByRole('button', { name: 'Copy Return path (CNAME) host' })).toBeInTheDocument();
  expect(within(card).getByRole('button', { name: 'Copy Return path (CNAME) value' })).toBeInTheDocument();
  expect(within(card).getByText('value of cname')).toBeInTheDocument();
  expect(within(card).getByText('TXT (optional)')).toBeInTheDocument();

  await userEvent.click(within(card).getByRole('button', { name: 'Verify' }));
  await waitFor(() => expect(within(card).getByTestId('domain-error-shop.test')).toHaveTextContent('SPF or DKIM not found or invalid'));
  expect(within(card).getByTestId('record-error-cname')).toHaveTextContent('points at else.test');
  expect(within(card).getByText('Found: else.test')).toBeInTheDocument();
  expect(within(card).getByRole('button', { name: 'Re-verify' })).toBeInTheDocument();
  expect(toast).not.toHaveBeenCalledWith('error', expect.anything());
  expect(fetchMock.mock.calls.filter(([, init]) => init.method === 'POST').map(([url]) => url)).toEqual(['/api/mm/sender-domains/4/verify']);
});

test('a user sees the records but not the buttons that change them', async () => {
  mockFetch({ '/api/mm/sender-domains': () => jsonResponse(200, list([domain()])) });
  render(<DomainSetupPage />, { session: makeSession({}, { userRole: 'USER' }) });
  const card = await screen.findByTestId('domain-shop.test');
  expect(within(card).queryByRole('button', { name: 'Verify' })).not.toBeInTheDocument();
  expect(screen.getAllByTestId('feature-gate-disabled').length).toBeGreaterThan(0);
});

test('a tracking domain is verified by a TXT record: a first save shows the record to publish', async () => {
  let answer: DomainList = list([]);
  const pending = {
    name: 'click.shop.test',
    txtHost: '_mailcraft.click.shop.test',
    txtValue: 'mailcraft-verification=0123abcd',
  };
  const message = 'Tracking Domain could not be saved. Publish the TXT verification record shown, then save again.';
  mockFetch({
    '/api/mm/sender-domains': () => jsonResponse(200, answer),
    '/api/mm/tracking-domain': () => {
      answer = { ...list([]), trackingPending: pending };
      return jsonResponse(400, { message, errors: { name: [message] } });
    },
  });
  render(<DomainSetupPage />, { session: makeSession() });
  const panel = await screen.findByTestId('tracking-domain');
  expect(within(panel).getByText(/publish the TXT verification record we show/)).toBeInTheDocument();
  expect(within(panel).queryByTestId('tracking-pending')).not.toBeInTheDocument();

  await userEvent.type(within(panel).getByTestId('tracking-name'), 'click.shop.test');
  await userEvent.click(within(panel).getByRole('button', { name: 'Save tracking domain' }));
  const record = await within(panel).findByTestId('tracking-pending');
  expect(record).toHaveTextContent('click.shop.test is not verified yet');
  expect(within(record).getByText('_mailcraft.click.shop.test')).toBeInTheDocument();
  expect(within(record).getByText('mailcraft-verification=0123abcd')).toBeInTheDocument();
  expect(within(record).getByRole('button', { name: 'Copy TXT record value' })).toBeInTheDocument();
  expect(within(panel).getByText(message)).toBeInTheDocument();
});
