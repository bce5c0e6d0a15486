import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '../../../lib/toast';
import { jsonResponse, mockFetch } from '../../../test-utils/fetch';
import { render } from '../../../test-utils/render';
import { makeSession } from '../../../test-utils/session';
import { BulkActionBar } from './BulkActionBar';
import { listBulkActions } from './bulk-actions';

vi.mock('../../../lib/toast', () => ({ toast: vi.fn() }));
afterEach(() => vi.mocked(toast).mockClear());

const tags = [
  { id: 4, name: 'VIP' },
  { id: 5, name: 'Late' },
];

const bodyOf = (fetchMock: ReturnType<typeof mockFetch>) => JSON.parse(String((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body));

test('shows nothing while no profile is checked', () => {
  render(<BulkActionBar selectedIds={[]} actions={listBulkActions} onDone={() => undefined} />, { session: makeSession() });
  expect(screen.queryByTestId('bulk-actions')).toBeNull();
});

test('a tag action asks for its tag, confirms, sends the ids and reports the answer', async () => {
  const onDone = vi.fn();
  const fetchMock = mockFetch({ '/api/mm/profiles/bulk': () => jsonResponse(200, { affected: 2, skipped: 0, message: 'Tag added to 2 profiles.' }) });
  render(<BulkActionBar selectedIds={[1, 2]} actions={listBulkActions} tags={tags} onDone={onDone} />, { session: makeSession() });
  expect(screen.getByTestId('bulk-count')).toHaveTextContent('2 selected');

  await userEvent.click(screen.getByTestId('bulk-addTag'));
  const dialog = await screen.findByRole('dialog', { name: 'Please confirm' });
  expect(within(dialog).getByText('Add tag for 2 selected profiles?')).toBeInTheDocument();
  await userEvent.click(within(dialog).getByTestId('confirm-yes'));
  expect(toast).toHaveBeenCalledWith('error', 'Please fill Tag ');
  expect(fetchMock).not.toHaveBeenCalled();

  await userEvent.click(within(dialog).getByTestId('bulk-target'));
  await userEvent.click(await screen.findByRole('option', { name: 'VIP', hidden: true }));
  await userEvent.click(within(dialog).getByTestId('confirm-yes'));
  await waitFor(() => expect(onDone).toHaveBeenCalled());
  expect(bodyOf(fetchMock)).toEqual({ action: 'addTag', profileIds: [1, 2], tagId: 4 });
  expect(toast).toHaveBeenCalledWith('success', 'Tag added to 2 profiles.');
});

test('a refusal shows the server message and keeps the selection', async () => {
  const onDone = vi.fn();
  mockFetch({ '/api/mm/profiles/bulk': () => jsonResponse(400, { message: 'Unable to delete as it is CRM Profile' }) });
  render(<BulkActionBar selectedIds={[9]} actions={listBulkActions} onDone={onDone} />, { session: makeSession() });
  await userEvent.click(screen.getByTestId('bulk-delete'));
  await userEvent.click(await screen.findByTestId('confirm-yes'));
  await waitFor(() => expect(toast).toHaveBeenCalledWith('error', 'Unable to delete as it is CRM Profile'));
  expect(onDone).not.toHaveBeenCalled();
});

test('Delete is greyed for users unless admins opened deleteProfiles to them', () => {
  const { unmount } = render(<BulkActionBar selectedIds={[1]} actions={listBulkActions} onDone={() => undefined} />, {
    session: makeSession({}, { userRole: 'USER' }),
  });
  expect(screen.getByTestId('feature-gate-disabled')).toContainElement(screen.getByTestId('bulk-delete'));
  unmount();
  render(<BulkActionBar selectedIds={[1]} actions={listBulkActions} onDone={() => undefined} />, {
    session: makeSession({}, { userRole: 'USER', accessControlList: [{ actionType: 'deleteProfiles', users: ['ADMIN', 'USER'] }] }),
  });
  expect(screen.queryByTestId('feature-gate-disabled')).toBeNull();
});
