import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '../../lib/toast';
import { jsonResponse, mockFetch } from '../../test-utils/fetch';
import { render } from '../../test-utils/render';
import { makeSession } from '../../test-utils/session';
import { describe as describeRow, localTime } from './activity-format';
import ActivityPage from './ActivityPage';

vi.mock('../../lib/toast', () => ({ toast: vi.fn() }));
vi.mock('../../lib/download', () => ({ base64ToBlob: vi.fn(() => new Blob()), saveBlob: vi.fn() }));
afterEach(() => vi.mocked(toast).mockClear());

const row = (overrides: Record<string, unknown> = {}) => ({
  id: 1,
  createdAt: '2026-03-01T14:05:00Z',
  createdAtLocal: '2026-03-01T09:05:00-05:00',
  eventType: 'profile.archived',
  eventLabel: 'Profiles archived',
  actorId: 7,
  actorEmail: 'ann@demo.test',
  path: 'ui',
  pathLabel: 'UI',
  clientAddress: '10.0.0.1',
  userAgent: 'Chrome',
  objectType: 'profile',
  objectTypeLabel: 'Profile',
  objectId: null,
  objectLabel: '',
  extra: { count: 3, ids: [1, 2, 3] },
  ...overrides,
});
const pageOf = (items: unknown[]) => ({ items, total: items.length, totalIsEstimate: false, page: 1, pageSize: 10, timeZone: 'America/New_York' });
const people = { items: [{ id: 7, email: 'ann@demo.test' }] };

const queries = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/mm/activity?'));

test('lists the trail newest first in the client time zone, and filters by person, object type and days', async () => {
  const fetchMock = mockFetch({
    '/api/mm/activity': () => jsonResponse(200, pageOf([row()])),
    '/api/mm/activity/people': () => jsonResponse(200, people),
  });
  render(<ActivityPage />, { session: makeSession() });
  const first = await screen.findByTestId('activity-row-1');
  expect(first).toHaveTextContent('2026-03-01 09:05');
  expect(first).toHaveTextContent('Profiles archived');
  expect(first).toHaveTextContent('3 profiles');
  expect(screen.getByRole('columnheader', { name: /Time \(America\/New_York\)/ })).toHaveAttribute('aria-sort', 'descending');
  expect(queries(fetchMock)[0]).toContain('sort=-createdAt');

  await userEvent.click(screen.getByRole('combobox', { name: 'Object type' }));
  await userEvent.click(await screen.findByRole('option', { name: 'Tag', hidden: true }));
  await waitFor(() => expect(queries(fetchMock).at(-1)).toContain('objectType=tag'));

  await userEvent.click(screen.getByRole('combobox', { name: 'Person' }));
  await userEvent.click(await screen.findByRole('option', { name: 'ann@demo.test', hidden: true }));
  await waitFor(() => expect(queries(fetchMock).at(-1)).toContain('actorId=7'));

  fireEvent.change(screen.getByTestId('activity-date-from'), { target: { value: '2026-03-01' } });
  fireEvent.change(screen.getByTestId('activity-date-to'), { target: { value: '2026-03-02' } });
  await waitFor(() => expect(queries(fetchMock).at(-1)).toMatch(/dateFrom=2026-03-01.*dateTo=2026-03-02|dateTo=2026-03-02.*dateFrom=2026-03-01/));

  await userEvent.click(screen.getByTestId('sort-actor'));
  await waitFor(() => expect(queries(fetchMock).at(-1)).toContain('sort=actor'));

  await userEvent.click(screen.getByTestId('activity-clear-filters'));
  await waitFor(() => expect(queries(fetchMock).at(-1)).not.toContain('objectType'));
});

test('an empty trail says what it will hold', async () => {
  mockFetch({
    '/api/mm/activity': () => jsonResponse(200, pageOf([])),
    '/api/mm/activity/people': () => jsonResponse(200, { items: [] }),
  });
  render(<ActivityPage />, { session: makeSession() });
  expect(await screen.findByTestId('activity-empty')).toHaveTextContent('No activity yet');
});

test('a user who is not an admin is told so and nothing is asked of the server', () => {
  const fetchMock = mockFetch({});
  render(<ActivityPage />, { session: makeSession({}, { userRole: 'USER' }) });
  expect(screen.getByText('Accessed only by Admin Users')).toBeInTheDocument();
  expect(fetchMock).not.toHaveBeenCalled();
});

test('Export CSV starts a job with the filters and downloads its file once it is written', async () => {
  const job = { id: 9, status: 'Completed', fileId: 'jobs/9', result: { fileName: 'activity.csv' }, message: '' };
  const fetchMock = mockFetch({
    '/api/mm/activity': () => jsonResponse(200, pageOf([row()])),
    '/api/mm/activity/people': () => jsonResponse(200, people),
    '/api/mm/activity/export': () => jsonResponse(202, { jobId: 9 }),
    '/api/mm/jobs/9': () => jsonResponse(200, job),
    '/api/downloadBase64': () => jsonResponse(200, { status: 1, fileName: 'activity.csv', data: 'YQ==' }),
  });
  render(<ActivityPage />, { session: makeSession() });
  await screen.findByTestId('activity-row-1');
  await userEvent.click(screen.getByTestId('activity-export'));
  await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === '/api/downloadBase64')).toBe(true));
  const post = fetchMock.mock.calls.find(([url]) => url === '/api/mm/activity/export')!;
  expect(JSON.parse(String(post[1].body))).toEqual({ actorId: null, objectType: null, dateFrom: null, dateTo: null });
  expect(toast).toHaveBeenCalledWith('info', expect.stringContaining('export has started'));
});

test('details read the row: counts, group, fields, sign-in method, import counts', () => {
  expect(describeRow(row({ extra: { count: 2, group: 'Customers', groupId: 4 } }))).toBe('2 profiles; group Customers');
  expect(describeRow(row({ extra: { fields: ['email', 'first_name'] } }))).toBe('fields: email, first_name');
  expect(describeRow(row({ extra: { method: 'sso' } }))).toBe('from the suite');
  expect(describeRow(row({ extra: { rows: 3, inserted: 2, updated: 0, invalid: 1 } }))).toBe('2 added, 0 updated, 1 invalid');
  expect(describeRow(row({ extra: {} }))).toBe('');
  expect(localTime(row())).toBe('2026-03-01 09:05');
});
