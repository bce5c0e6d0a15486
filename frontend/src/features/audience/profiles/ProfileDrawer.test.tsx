import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '../../../lib/toast';
import { jsonResponse, mockFetch } from '../../../test-utils/fetch';
import { render } from '../../../test-utils/render';
import { ProfileDrawer } from './ProfileDrawer';

vi.mock('../../../lib/toast', () => ({ toast: vi.fn() }));
afterEach(() => vi.mocked(toast).mockClear());

const groups = [{ id: 3, name: 'Customers' }];
const fields = [
  { id: 1, label: 'Born', key: 'born', fieldType: 'date', options: [], createdAt: '' },
  { id: 2, label: 'Size', key: 'size', fieldType: 'radio', options: ['S', 'M'], createdAt: '' },
];

function renderDrawer(onSaved = vi.fn()) {
  render(<ProfileDrawer opened profile={null} groups={groups} tags={[]} fields={fields} reps={[]} onClose={() => undefined} onSaved={onSaved} />);
  return onSaved;
}

test("the form helper asks for the email and the group ('Please fill {field} ') and sends nothing", async () => {
  const fetchMock = mockFetch({});
  renderDrawer();
  await userEvent.click(await screen.findByTestId('profile-save'));
  expect(vi.mocked(toast).mock.calls).toEqual([
    ['error', 'Please fill Email '],
    ['error', 'Please fill Group '],
  ]);
  await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'ann@example.com');
  vi.mocked(toast).mockClear();
  await userEvent.click(screen.getByTestId('profile-save'));
  expect(vi.mocked(toast).mock.calls).toEqual([['error', 'Please fill Group ']]);
  expect(fetchMock).not.toHaveBeenCalled();
});

test('renders custom fields by type and sends them with the groups', async () => {
  const fetchMock = mockFetch({ '/api/mm/profiles': () => jsonResponse(201, { id: 1 }) });
  const onSaved = renderDrawer();
  await userEvent.type(await screen.findByRole('textbox', { name: 'Email' }), 'ann@example.com');
  await userEvent.click(screen.getByTestId('profile-groups'));
  await userEvent.click(await screen.findByRole('option', { name: 'Customers', hidden: true }));
  await userEvent.click(screen.getByRole('radio', { name: 'M' }));
  await userEvent.type(screen.getByTestId('custom-born'), '1990-05-04');
  await userEvent.click(screen.getByTestId('profile-save'));
  await waitFor(() => expect(onSaved).toHaveBeenCalled());
  const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
  expect(JSON.parse(String(init.body))).toMatchObject({ email: 'ann@example.com', groupIds: [3], custom: { born: '1990-05-04', size: 'M' } });
  expect(toast).toHaveBeenCalledWith('success', 'Profile saved successfully.');
});

test('a date outside 1700–2260 is refused before sending', async () => {
  const fetchMock = mockFetch({});
  renderDrawer();
  await userEvent.type(await screen.findByRole('textbox', { name: 'Email' }), 'ann@example.com');
  await userEvent.click(screen.getByTestId('profile-groups'));
  await userEvent.click(await screen.findByRole('option', { name: 'Customers', hidden: true }));
  await userEvent.type(screen.getByTestId('custom-born'), '1600-01-01');
  await userEvent.click(screen.getByTestId('profile-save'));
  expect(toast).toHaveBeenCalledWith('error', 'Born: Year between 1700 and 2260.');
  expect(fetchMock).not.toHaveBeenCalled();
});

test("the server's refusal is shown as an error toast", async () => {
  mockFetch({ '/api/mm/profiles': () => jsonResponse(400, { message: 'Email Already exists!' }) });
  const onSaved = renderDrawer();
  await userEvent.type(await screen.findByRole('textbox', { name: 'Email' }), 'ann@example.com');
  await userEvent.click(screen.getByTestId('profile-groups'));
  await userEvent.click(await screen.findByRole('option', { name: 'Customers', hidden: true }));
  await userEvent.click(screen.getByTestId('profile-save'));
  await waitFor(() => expect(toast).toHaveBeenCalledWith('error', 'Email Already exists!'));
  expect(onSaved).not.toHaveBeenCalled();
});
