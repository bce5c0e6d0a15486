import { screen } from '@testing-library/react';
import { render } from '../../test-utils/render';
import { makeSession } from '../../test-utils/session';
import ReputationDashboardPage from './ReputationDashboardPage';

// The menu's entry (spec 2.2) opens a page that says what it will hold, not a bare title.
test('the Reputation Dashboard says what it will show and leads admins to Sending Health', async () => {
  render(<ReputationDashboardPage />, { session: makeSession() });
  expect(await screen.findByRole('heading', { name: 'Reputation Dashboard' })).toBeInTheDocument();
  expect(screen.getByTestId('reputation-pending')).toHaveTextContent('its reputation at the large mailbox providers');
  expect(screen.getByRole('link', { name: 'Open Sending Health' })).toHaveAttribute('href', '/sendingHealth');
});

test('users read what it will show, without the admins’ link', async () => {
  render(<ReputationDashboardPage />, { session: makeSession({}, { userRole: 'USER' }) });
  expect(await screen.findByTestId('reputation-pending')).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Open Sending Health' })).not.toBeInTheDocument();
});
