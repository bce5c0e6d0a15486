import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, mockFetch } from '../../test-utils/fetch';
import { render } from '../../test-utils/render';
import LoginPage from './LoginPage';

async function signIn(route: string) {
  render(<LoginPage />, { route });
  await userEvent.type(screen.getByLabelText(/Email/), 'ann@demo.test');
  await userEvent.type(screen.getByLabelText(/Password/), 'secret');
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

test('signs in and goes to next; the token is never kept in storage', async () => {
  const fetchMock = mockFetch({ '/api/auth/login': () => jsonResponse(200, { token: 't-1' }) });
  await signIn('/trial/login?next=%2Fforms%3Ftab%3D2');
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/forms?tab=2'));
  expect(sessionStorage.length).toBe(0);
  const init = fetchMock.mock.calls[0][1]!;
  expect(JSON.parse(init.body as string)).toEqual({ email: 'ann@demo.test', password: 'secret' });
});

test('goes to Campaigns without next, and never to another site', async () => {
  mockFetch({ '/api/auth/login': () => jsonResponse(200, { token: 't-1' }) });
  await signIn('/trial/login?next=%2F%2Fevil.example');
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/campaignListView'));
});

test.each([
  [400, 'Invalid email or password.'],
  [429, 'Too many attempts. Try again in a minute.'],
])('shows the server message of a %s inline', async (status, message) => {
  mockFetch({ '/api/auth/login': () => jsonResponse(status, { message }) });
  await signIn('/trial/login');
  expect(await screen.findByRole('alert')).toHaveTextContent(message);
  expect(screen.getByTestId('location')).toHaveTextContent('/trial/login');
});
