import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '../../../lib/toast';
import { jsonResponse, mockFetch } from '../../../test-utils/fetch';
import { render } from '../../../test-utils/render';
import type { Profile } from './api';
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

test("an edited profile shows its bounces and complaints with each one's reason", async () => {
  const profile = { id: 5, email: 'kim@example.com', groups: [{ id: 3, name: 'Customers' }], tags: [], custom: {}, doNotEmail: false, repId: null } as unknown as Profile;
  mockFetch({
    '/api/mm/profiles/5/bounces': () =>
      jsonResponse(200, {
        items: [
          { at: '2026-03-02T10:15:00-05:00', kind: 'softBounce', reason: 'blocked', status: '5.7.1', detail: '554 5.7.1 blocked', subject: 'Summer sale' },
          { at: '2026-03-01T09:00:00-05:00', kind: 'hardBounce', reason: 'userUnknown', status: '', detail: '550 no such user', subject: 'Spring sale' },
        ],
      }),
  });
  render(<ProfileDrawer opened profile={profile} groups={groups} tags={[]} fields={[]} reps={[]} onClose={() => undefined} onSaved={vi.fn()} />);
  const history = await screen.findByTestId('profile-bounces');
  const rows = await within(history).findAllByRole('row');
  expect(rows.map((row) => row.textContent)).toEqual(['WhenMessageReason', '2026-03-02 10:15Summer saleSender blocked (5.7.1)', '2026-03-01 09:00Spring saleUser unknown']);
});
