import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '../../lib/toast';
import { jsonResponse, mockFetch } from '../../test-utils/fetch';
import { render } from '../../test-utils/render';
import { makeSession } from '../../test-utils/session';
import FileManagerPage from './FileManagerPage';

vi.mock('../../lib/toast', () => ({ toast: vi.fn() }));
afterEach(() => vi.mocked(toast).mockClear());

const file = (overrides: Record<string, unknown> = {}) => ({
  id: 7,
  name: 'logo.png',
  type: 'image/png',
  size: 12_700,
  width: 30,
  height: 20,
  folderId: null,
  dateCreated: '2026-03-01T14:05:00Z',
  createdByEmail: 'ann@demo.test',
  filePath: 'http://demo.localhost/files/0b5f/logo.png',
  ...overrides,
});
const folders = {
  folders: [{ id: 3, name: 'Brand', parentId: null, fileCount: 0, dateCreated: '2026-03-01T14:05:00Z', subfolders: [] }],
};
const pageOf = (items: unknown[]) => ({ items, total: items.length, totalIsEstimate: false, page: 1, pageSize: 10 });
const fileCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/mm/files?'));

test('lists the root files with size, type and date in the client zone; a folder lists its own', async () => {
  const fetchMock = mockFetch({
    '/api/mm/files': () => jsonResponse(200, pageOf([file()])),
    '/api/mm/files/folders': () => jsonResponse(200, folders),
  });
  render(<FileManagerPage />, { session: makeSession({ timeZoneMinutes: -300 }) });
  const row = await screen.findByTestId('file-row-7');
  expect(row).toHaveTextContent('logo.png');
  expect(row).toHaveTextContent('PNG');
  expect(row).toHaveTextContent('12.4 KB');
  expect(row).toHaveTextContent('2026-03-01 09:05');
  expect(fileCalls(fetchMock)[0]).toContain('sort=-dateCreated');
  expect(fileCalls(fetchMock)[0]).not.toContain('folderId');

  await userEvent.click(await screen.findByTestId('folder-3'));
  await waitFor(() => expect(fileCalls(fetchMock).at(-1)).toContain('folderId=3'));
  expect(screen.getByTestId('breadcrumb')).toHaveTextContent('Brand');
  await userEvent.click(screen.getByTestId('sort-size'));
  await waitFor(() => expect(fileCalls(fetchMock).at(-1)).toContain('sort=size'));
});

test('a picked file that is not an image, or over 4 MB, is refused before it is sent', async () => {
  const fetchMock = mockFetch({
    '/api/mm/files': () => jsonResponse(200, pageOf([])),
    '/api/mm/files/folders': () => jsonResponse(200, { folders: [] }),
  });
  render(<FileManagerPage />, { session: makeSession() });
  expect(await screen.findByTestId('files-empty')).toHaveTextContent('No images here yet.');
  const input = screen.getByLabelText('Upload images', { selector: 'input' });
  const big = new File([new Uint8Array(4 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
  fireEvent.change(input, { target: { files: [big] } });
  await waitFor(() =>
    expect(toast).toHaveBeenCalledWith('error', 'big.png: the file is too large, images can be at most 4 MB.'),
  );
  expect(fetchMock.mock.calls.some(([, init]) => init.method === 'POST')).toBe(false);
});

test('moving a file into the folder it is in is refused in the dialog; another folder moves it', async () => {
  const fetchMock = mockFetch({
    '/api/mm/files': () => jsonResponse(200, pageOf([file()])),
    '/api/mm/files/folders': () => jsonResponse(200, folders),
    '/api/mm/files/7/move': () => jsonResponse(200, file({ folderId: 3 })),
  });
  render(<FileManagerPage />, { session: makeSession() });
  await userEvent.click(await screen.findByTestId('file-actions-7'));
  await userEvent.click(await screen.findByTestId('file-move'));
  const dialog = await screen.findByRole('dialog');
  await userEvent.click(within(dialog).getByTestId('move-target'));
  await userEvent.click(await screen.findByRole('option', { name: 'Files', hidden: true }));
  await userEvent.click(within(dialog).getByTestId('move-confirm'));
  expect(await within(dialog).findByText('The file is already in this folder.')).toBeInTheDocument();

  await userEvent.click(within(dialog).getByTestId('move-target'));
  await userEvent.click(await screen.findByRole('option', { name: 'Files / Brand', hidden: true }));
  await userEvent.click(within(dialog).getByTestId('move-confirm'));
  await waitFor(() => expect(toast).toHaveBeenCalledWith('success', 'File moved.'));
  const moved = fetchMock.mock.calls.find(([url]) => url === '/api/mm/files/7/move');
  expect(JSON.parse(String(moved?.[1].body))).toEqual({ folderId: 3 });
});
