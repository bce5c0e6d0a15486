import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, mockFetch } from '../../test-utils/fetch';
import { render } from '../../test-utils/render';
import { makeSession } from '../../test-utils/session';
import EnrollmentDashboardPage from './EnrollmentDashboardPage';

const row = (clientId: number, clientName: string, entered: number) => ({
  clientId,
  clientName,
  workflows: 4,
  published: 2,
  entered,
  inProcess: 1,
  completed: entered - 1,
  dropped: 0,
  terminated: 0,
  failed: 0,
});

const superAdmin = makeSession({}, { userRole: 'SUPERADMIN' });

test('a client admin is refused without asking the server', async () => {
  const fetchMock = mockFetch({});
  render(<EnrollmentDashboardPage />, { session: makeSession({}, { userRole: 'ADMIN' }) });
  expect(await screen.findByTestId('super-admin-denied')).toBeInTheDocument();
  expect(fetchMock).not.toHaveBeenCalled();
});

test('lists every client with its enrollments by status, over the chosen window', async () => {
  const fetchMock = mockFetch({ '/api/mm/enrollmentDashboard': () => jsonResponse(200, { items: [row(1, 'Alpha', 1200), row(2, 'Beta', 3)] }) });
  render(<EnrollmentDashboardPage />, { session: superAdmin });
  const alpha = await screen.findByTestId('dashboard-row-Alpha');
  expect(alpha).toHaveTextContent('1,200');
  expect(screen.getByTestId('dashboard-totals')).toHaveTextContent('2 clients · Entered 1,203');
  expect(String(fetchMock.mock.calls[0][0])).toBe('/api/mm/enrollmentDashboard?days=30');
  await userEvent.click(screen.getByText('All time'));
  await waitFor(() => expect(String(fetchMock.mock.calls.at(-1)![0])).toBe('/api/mm/enrollmentDashboard'));
});
