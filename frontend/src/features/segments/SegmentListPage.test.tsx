import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '../../lib/toast';
import { jsonResponse, mockFetch } from '../../test-utils/fetch';
import { render } from '../../test-utils/render';
import { makeSession } from '../../test-utils/session';
import SegmentListPage from './SegmentListPage';

vi.mock('../../lib/toast', () => ({ toast: vi.fn() }));
afterEach(() => vi.mocked(toast).mockClear());

const segment = (overrides: Record<string, unknown> = {}) => ({
  id: 4,
  name: 'Openers',
  type: 'dynamic',
  rules: { type: 'and', rules: [] },
  websiteIds: [7],
  profileCount: 1234,
  countedAt: '2026-03-01T14:05:00Z',
  frozenAt: null,
  createdByEmail: 'ann@demo.test',
  updatedByEmail: 'ann@demo.test',
  createdAt: '2026-03-01T14:05:00Z',
  updatedAt: '2026-03-01T14:05:00Z',
  ...overrides,
});
const pageOf = (items: unknown[]) => ({ items, total: items.length, totalIsEstimate: false, page: 1, pageSize: 10 });
const listCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/mm/segments?'));

test('lists segments with type, count and update time in the client zone; sorts and links to the builder', async () => {
  const fetchMock = mockFetch({
    '/api/mm/segments': () => jsonResponse(200, pageOf([segment(), segment({ id: 5, name: 'Frozen', type: 'static', profileCount: null })])),
  });
  render(<SegmentListPage />, { session: makeSession({ timeZoneMinutes: -300 }) });
  const row = await screen.findByTestId('segment-row-4');
  expect(row).toHaveTextContent('Dynamic');
  expect(row).toHaveTextContent('1,234');
  expect(row).toHaveTextContent('2026-03-01 09:05');
  expect(screen.getByTestId('segment-row-5')).toHaveTextContent('Static');
  expect(screen.getByTestId('segment-row-5')).toHaveTextContent('Not counted yet');
  expect(listCalls(fetchMock)[0]).toContain('sort=-updatedAt');

  await userEvent.click(screen.getByTestId('sort-count'));
  await waitFor(() => expect(listCalls(fetchMock).at(-1)).toContain('sort=count'));

  await userEvent.click(within(row).getByRole('link', { name: 'Edit Openers' }));
  expect(screen.getByTestId('location')).toHaveTextContent('/segments?id=4');
});

test('an empty list offers to build the first segment; a search that finds nothing says so', async () => {
  const fetchMock = mockFetch({ '/api/mm/segments': () => jsonResponse(200, pageOf([])) });
  render(<SegmentListPage />, { session: makeSession() });
  expect(await screen.findByTestId('segments-empty')).toHaveTextContent('No segments yet.');
  fireEvent.change(screen.getByTestId('segment-search'), { target: { value: 'gold' } });
  await waitFor(() => expect(listCalls(fetchMock).at(-1)).toContain('search=gold'), { timeout: 2000 });
  expect(await screen.findByTestId('segments-no-match')).toHaveTextContent('No segments match this search.');

  await userEvent.click(screen.getByTestId('create-segment'));
  expect(screen.getByTestId('location')).toHaveTextContent(/^\/segments$/);
});

test('deleting asks first, naming the segment, then reloads', async () => {
  const fetchMock = mockFetch({
    '/api/mm/segments': () => jsonResponse(200, pageOf([segment()])),
    '/api/mm/segments/4': () => new Response(null, { status: 204 }),
  });
  render(<SegmentListPage />, { session: makeSession() });
  await userEvent.click(await screen.findByRole('button', { name: 'Delete Openers' }));
  expect(await screen.findByText(/Delete the segment "Openers"\?/)).toBeInTheDocument();
  await userEvent.click(screen.getByTestId('confirm-yes'));
  await waitFor(() => expect(toast).toHaveBeenCalledWith('success', 'Segment deleted successfully.'));
  expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/mm/segments/4' && init.method === 'DELETE')).toBe(true);
  await waitFor(() => expect(listCalls(fetchMock)).toHaveLength(2));
});
