import { fireEvent, screen, waitFor } from '@testing-library/react';
import { toast } from '../../lib/toast';
import { jsonResponse, mockFetch } from '../../test-utils/fetch';
import { render } from '../../test-utils/render';
import { makeSession } from '../../test-utils/session';
import ClientSettingsPage from './ClientSettingsPage';

vi.mock('../../lib/toast', () => ({ toast: vi.fn() }));
afterEach(() => vi.mocked(toast).mockClear());

const current = { timeZone: 'Europe/Paris', captcha: 'altcha', siteKey: '', siteSecretSet: false };
const puts = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([url, init]) => url === '/api/clientSettings' && init.method === 'PUT').map(([, init]) => JSON.parse(String(init.body)));

test('reCAPTCHA needs its site key and secret, in the form helper words, before anything is sent; then saves', async () => {
  const fetchMock = mockFetch({
    '/api/clientSettings': () => jsonResponse(200, current),
  });
  fetchMock.mockImplementation(async (_url: string, init) =>
    init.method === 'PUT' ? jsonResponse(200, { ...current, captcha: 'recaptcha', siteKey: 'key-1', siteSecretSet: true }) : jsonResponse(200, current),
  );
  render(<ClientSettingsPage />, { route: '/clientSettings', session: makeSession() });
  expect(await screen.findByTestId('client-time-zone')).toHaveValue('Europe/Paris');
  fireEvent.click(screen.getByLabelText(/Google reCAPTCHA/));
  fireEvent.click(screen.getByTestId('client-settings-save'));
  expect(await screen.findByText('Please fill Site Key')).toBeInTheDocument();
  expect(screen.getByText('Please fill Site Secret')).toBeInTheDocument();
  expect(puts(fetchMock)).toEqual([]);
  fireEvent.change(screen.getByTestId('client-site-key'), { target: { value: 'key-1' } });
  fireEvent.change(screen.getByTestId('client-site-secret'), { target: { value: 'secret-1' } });
  fireEvent.click(screen.getByTestId('client-settings-save'));
  await waitFor(() => expect(puts(fetchMock)).toEqual([{ timeZone: 'Europe/Paris', captcha: 'recaptcha', siteKey: 'key-1', siteSecret: 'secret-1' }]));
  await waitFor(() => expect(toast).toHaveBeenCalledWith('success', 'Client settings saved.'));
  // The secret is never shown again: the field empties and says it is kept.
  expect(screen.getByTestId('client-site-secret')).toHaveValue('');
  expect(screen.getByTestId('client-site-secret')).toHaveAttribute('placeholder', 'Saved: leave empty to keep it');
});

test("the server's refusal shows beside its field", async () => {
  const fetchMock = mockFetch({});
  fetchMock.mockImplementation(async (_url: string, init) =>
    init.method === 'PUT' ? jsonResponse(400, { message: 'Unknown time zone.', errors: { timeZone: ['Unknown time zone.'] } }) : jsonResponse(200, current),
  );
  render(<ClientSettingsPage />, { route: '/clientSettings', session: makeSession() });
  fireEvent.click(await screen.findByTestId('client-settings-save'));
  expect(await screen.findByText('Unknown time zone.')).toBeInTheDocument();
  expect(toast).toHaveBeenCalledWith('error', 'Unknown time zone.');
});
