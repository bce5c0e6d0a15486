import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '../../lib/toast';
import { jsonResponse, mockFetch } from '../../test-utils/fetch';
import { render } from '../../test-utils/render';
import { makeSession } from '../../test-utils/session';
import type { SenderDomain } from './api';
import { DkimRolloverPanel } from './DkimRolloverPanel';

vi.mock('../../lib/toast', () => ({ toast: vi.fn() }));
afterEach(() => vi.mocked(toast).mockClear());

const domain = (overrides: Partial<SenderDomain> = {}): SenderDomain => ({
  id: 4,
  name: 'shop.test',
  status: 'verified',
  error: '',
  checkedAt: '2026-11-23T10:05:00Z',
  verifiedAt: '2026-11-23T10:05:00Z',
  createdAt: '2026-11-23T10:00:00Z',
  senders: 1,
  records: [],
  dkimRollover: false,
  ...overrides,
});

test('a verified domain offers new keys; the answer reloads the card', async () => {
  const fetchMock = mockFetch({ '/api/mm/sender-domains/4/dkim-rollover': () => jsonResponse(200, domain({ dkimRollover: true })) });
  const changed = vi.fn();
  render(<DkimRolloverPanel domain={domain()} onChanged={changed} />, { session: makeSession() });
  await userEvent.click(screen.getByRole('button', { name: 'Replace DKIM keys' }));
  await waitFor(() => expect(changed).toHaveBeenCalled());
  expect(toast).toHaveBeenCalledWith('success', expect.stringContaining('New DKIM keys made.'));
  expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/mm/sender-domains/4/dkim-rollover']);
});

test('waiting keys: activation refused shows the reason and still reloads', async () => {
  const refusal = 'The new DKIM records were not found in DNS. Publish them, then activate the new keys.';
  mockFetch({ '/api/mm/sender-domains/4/dkim-rollover/activate': () => jsonResponse(400, { message: refusal, errors: {} }) });
  const changed = vi.fn();
  render(<DkimRolloverPanel domain={domain({ dkimRollover: true })} onChanged={changed} />, { session: makeSession() });
  expect(screen.getByText('New DKIM keys are waiting')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Activate new keys' }));
  await waitFor(() => expect(toast).toHaveBeenCalledWith('error', refusal));
  expect(changed).toHaveBeenCalled();
});

test('nothing for a domain not verified, and no buttons for a user', () => {
  const { unmount } = render(<DkimRolloverPanel domain={domain({ status: 'pending' })} onChanged={vi.fn()} />, { session: makeSession() });
  expect(screen.queryByRole('button')).not.toBeInTheDocument();
  unmount();
  render(<DkimRolloverPanel domain={domain({ dkimRollover: true })} onChanged={vi.fn()} />, {
    session: makeSession({}, { userRole: 'USER' }),
  });
  expect(screen.getByText('New DKIM keys are waiting')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Activate new keys' })).not.toBeInTheDocument();
});
