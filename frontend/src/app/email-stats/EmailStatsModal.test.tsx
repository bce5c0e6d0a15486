import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, mockFetch } from '../../test-utils/fetch';
import { render } from '../../test-utils/render';
import { EmailStatsModal } from './EmailStatsModal';

const stats = { Success: true, Valid: 12345, Invalid: 7, Unknown: 0, Pending: 1000 };

test('shows a spinner, then the four counts with thousands separators', async () => {
  let release: (response: Response) => void = () => undefined;
  mockFetch({ '/api/fetchemailstats': () => new Promise<Response>((resolve) => (release = resolve)) });
  render(<EmailStatsModal opened onClose={() => undefined} />);
  expect(await screen.findByRole('dialog', { name: 'Email Stats' })).toBeInTheDocument();
  expect(screen.getByTestId('email-stats-loading')).toBeInTheDocument();
  release(jsonResponse(200, stats));
  expect(await screen.findByTestId('email-stats-valid')).toHaveTextContent('Valid12,345');
  expect(screen.getByTestId('email-stats-invalid')).toHaveTextContent('Invalid7');
  expect(screen.getByTestId('email-stats-unknown')).toHaveTextContent('Unknown0');
  expect(screen.getByTestId('email-stats-pending')).toHaveTextContent('Pending1,000');
  expect(screen.queryByTestId('email-stats-loading')).toBeNull();
});

test('Refresh loads the counts again', async () => {
  let valid = 1;
  const fetchMock = mockFetch({ '/api/fetchemailstats': () => jsonResponse(200, { ...stats, Valid: valid++ }) });
  render(<EmailStatsModal opened onClose={() => undefined} />);
  expect(await screen.findByTestId('email-stats-valid')).toHaveTextContent('Valid1');
  await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
  expect(await screen.findByTestId('email-stats-valid')).toHaveTextContent('Valid2');
  expect(fetchMock).toHaveBeenCalledTimes(2);
});

test.each([
  ['a failed call', () => jsonResponse(500, { message: 'boom' })],
  ['Success false', () => jsonResponse(200, { ...stats, Success: false })],
])('%s shows the catalogue error text', async (_case, answer) => {
  mockFetch({ '/api/fetchemailstats': answer });
  render(<EmailStatsModal opened onClose={() => undefined} />);
  expect(await screen.findByText('Something went wrong. Please try again.')).toBeInTheDocument();
});

test('a closed popup makes no call', () => {
  const fetchMock = mockFetch({});
  render(<EmailStatsModal opened={false} onClose={() => undefined} />);
  expect(fetchMock).not.toHaveBeenCalled();
});

test('"Verify pending emails" starts the verification job and says so', async () => {
  const fetchMock = mockFetch({
    '/api/fetchemailstats': () => jsonResponse(200, stats),
    '/api/mm/verification/run': () => jsonResponse(202, { jobId: 4 }),
  });
  render(<EmailStatsModal opened onClose={() => undefined} />);
  await userEvent.click(await screen.findByTestId('verify-pending'));
  const call = fetchMock.mock.calls.find(([url]) => url === '/api/mm/verification/run') as unknown as [string, RequestInit];
  expect(JSON.parse(String(call[1].body))).toEqual({ scope: 'pending' });
});
