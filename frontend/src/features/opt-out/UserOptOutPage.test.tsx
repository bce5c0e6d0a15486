import { fireEvent, screen, waitFor } from '@testing-library/react';
import { jsonResponse, mockFetch, type SentInit } from '../../test-utils/fetch';
import { render } from '../../test-utils/render';
import UserOptOutPage from './UserOptOutPage';

const page = (overrides: Record<string, unknown> = {}) => ({
  emailHint: 'a***@mail.example',
  clientName: 'Plain',
  unsubscribed: false,
  preferencesToken: 'pref',
  heading: 'Before you go',
  intro: 'Tell us why',
  reasons: ['Too many emails', 'Not relevant'],
  groups: [{ id: 4, name: 'Weekly' }],
  buttonText: 'Leave now',
  themeCss: '.mc-submit{background-color:#212529}',
  thankYouHtml: '<p>See you</p>',
  ...overrides,
});

test('shows the default form: heading, reasons, lists to leave, its button and theme', async () => {
  mockFetch({ '/api/external/optOutPage': () => jsonResponse(200, page()) });
  const { container } = render(<UserOptOutPage />, { route: '/external/useroptoutform?token=t1' });
  expect(await screen.findByRole('heading', { name: 'Before you go' })).toBeInTheDocument();
  expect(screen.getByText('Stop receiving these emails at a***@mail.example?')).toBeInTheDocument();
  expect(screen.getAllByRole('radio')).toHaveLength(2);
  expect(screen.getByRole('checkbox', { name: 'Weekly' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Leave now' })).toBeInTheDocument();
  const styles = Array.from(container.querySelectorAll('style'), (style) => style.textContent);
  expect(styles).toContain('.mc-submit{background-color:#212529}');
});

test('sends the reason and the lists chosen, then thanks with the form text', async () => {
  const fetchMock = mockFetch({ '/api/external/optOutPage': () => jsonResponse(200, page()) });
  render(<UserOptOutPage />, { route: '/external/useroptoutform?token=t1' });
  fireEvent.click(await screen.findByRole('radio', { name: 'Not relevant' }));
  fireEvent.click(screen.getByRole('checkbox', { name: 'Weekly' }));
  fireEvent.click(screen.getByRole('button', { name: 'Leave now' }));
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/external/thankyoupage'));
  const post = fetchMock.mock.calls.find(([, init]: [string, SentInit]) => init.method === 'POST');
  expect(JSON.parse(String(post?.[1].body))).toEqual({ token: 't1', reason: 'Not relevant', groupIds: [4] });
});

test('a person already out is told so and offered nothing more', async () => {
  mockFetch({ '/api/external/optOutPage': () => jsonResponse(200, page({ unsubscribed: true, groups: [] })) });
  render(<UserOptOutPage />, { route: '/external/useroptoutform?token=t1' });
  expect(await screen.findByText(/is unsubscribed/)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Leave now' })).not.toBeInTheDocument();
});
