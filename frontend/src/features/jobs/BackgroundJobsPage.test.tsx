import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, mockFetch } from '../../test-utils/fetch';
import { render } from '../../test-utils/render';
import { makeSession } from '../../test-utils/session';
import BackgroundJobsPage from './BackgroundJobsPage';

vi.mock('../../lib/toast', () => ({ toast: vi.fn() }));

const job = (overrides: Record<string, unknown>) => ({
  id: 1,
  kind: 'profileImport',
  kindLabel: 'Import Subscribers',
  title: 'people.csv',
  status: 'InProcess',
  progress: 40,
  total: 10,
  processed: 4,
  succeeded: 4,
  failed: 0,
  message: '',
  startedBy: 'ann@demo.test',
  createdAt: '2024-01-01T10:00:00Z',
  startedAt: null,
  finishedAt: null,
  cancellable: true,
  cancelRequested: false,
  result: {},
  fileId: null,
  ...overrides,
});
const pageOf = (items: unknown[]) => ({ items, total: items.length, page: 1, pageSize: 10 });

test('refreshes every 3 s while a job is active, and stops once none is', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const answers = [pageOf([job({})]), pageOf([job({ status: 'Completed', progress: 100 })])];
  const fetchMock = mockFetch({ '/api/mm/jobs': () => jsonResponse(200, answers.shift() ?? pageOf([job({ status: 'Completed' })])) });
  render(<BackgroundJobsPage />, { session: makeSession() });
  expect(await screen.findByText('40%')).toBeInTheDocument();
  await act(() => vi.advanceTimersByTimeAsync(3000));
  expect(await screen.findByText('100%')).toBeInTheDocument();
  await act(() => vi.advanceTimersByTimeAsync(9000));
  expect(fetchMock).toHaveBeenCalledTimes(2);
});

test('Cancel asks the server to cancel; a finished export offers its file', async () => {
  const fetchMock = mockFetch({
    '/api/mm/jobs': () =>
      jsonResponse(200, pageOf([job({}), job({ id: 2, kind: 'profileExport', status: 'Completed', cancellable: false, result: { fileName: 'p.csv' }, fileId: 'jobs/2' })])),
    '/api/mm/jobs/1/cancel': () => jsonResponse(200, job({ cancelRequested: true })),
  });
  render(<BackgroundJobsPage />, { session: makeSession() });
  expect(await screen.findByTestId('download-job-2')).toBeInTheDocument();
  expect(screen.queryByTestId('cancel-job-2')).toBeNull();
  await userEvent.click(screen.getByTestId('cancel-job-1'));
  await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === '/api/mm/jobs/1/cancel')).toBe(true));
});
