import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '../../lib/toast';
import { jsonResponse, mockFetch } from '../../test-utils/fetch';
import { render } from '../../test-utils/render';
import { makeSession } from '../../test-utils/session';
import TemplatesPage from './TemplatesPage';

vi.mock('../../lib/toast', () => ({ toast: vi.fn() }));
afterEach(() => vi.mocked(toast).mockClear());

const row = (overrides: Record<string, unknown> = {}) => ({
  id: 7,
  name: 'Spring Sale',
  type: 'html',
  folderId: 3,
  thumbnailUrl: null,
  createdAt: '2026-03-01T10:00:00Z',
  updatedAt: '2026-03-02T14:05:00Z',
  createdByEmail: 'ann@demo.test',
  ...overrides,
});
const pageOf = (items: unknown[]) => ({ items, total: items.length, totalIsEstimate: false, page: 1, pageSize: 10 });
const folders = {
  status: 1,
  folders: [{ _id: 3, name: 'Promos', path: 'Promos', templateCount: 1, subfolders: [{ _id: 4, name: 'Old', path: 'Promos/Old', templateCount: 0, subfolders: [] }] }],
};
const calls = (fetchMock: ReturnType<typeof mockFetch>, prefix: string) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith(prefix));

test('shows the type from the address, its folders and its cards with the update time in the client zone', async () => {
  // The thumbnail is fetched with the app's credentials and shown from an object URL.
  URL.createObjectURL = vi.fn(() => 'blob:thumbnail-8');
  URL.revokeObjectURL = vi.fn();
  const fetchMock = mockFetch({
    '/api/mm/templates/8/thumbnail': () => new Response(new Uint8Array([137, 80, 78, 71]), { status: 200, headers: { 'Content-Type': 'image/png' } }),
    '/api/getTemplateFolders': () => jsonResponse(200, folders),
    '/api/mm/templates': () => jsonResponse(200, pageOf([row(), row({ id: 8, name: 'Winter', thumbnailUrl: '/api/mm/templates/8/thumbnail?v=2' })])),
  });
  render(<TemplatesPage />, { route: '/templates?type=html', session: makeSession({ timeZoneMinutes: -300 }) });
  const card = await screen.findByTestId('template-card-7');
  expect(card).toHaveTextContent('Spring Sale');
  expect(card).toHaveTextContent('Updated 2026-03-02 09:05');
  expect(within(card).getByTestId('template-no-thumbnail')).toHaveTextContent('No thumbnail yet');
  expect(await within(screen.getByTestId('template-card-8')).findByRole('img', { name: 'Thumbnail of Winter' })).toHaveAttribute('src', 'blob:thumbnail-8');
  expect(within(card).getByRole('link', { name: 'Spring Sale' })).toHaveAttribute('href', '/htmlUpload?templateId=7');
  expect(screen.getByRole('tab', { name: 'HTML' })).toHaveAttribute('aria-selected', 'true');
  expect(calls(fetchMock, '/api/getTemplateFolders')[0]).toContain('type=html');
  expect(calls(fetchMock, '/api/mm/templates')[0]).toMatch(/type=html/);
  expect(calls(fetchMock, '/api/mm/templates')[0]).toMatch(/sort=-updatedAt/);
  expect(await screen.findByText('Promos/Old'.split('/')[1])).toBeInTheDocument();

  // A folder narrows the list and lands in the address.
  await userEvent.click(screen.getByText('Promos'));
  await waitFor(() => expect(calls(fetchMock, '/api/mm/templates').at(-1)).toContain('folderId=3'));
  expect(screen.getByTestId('location')).toHaveTextContent('/templates?type=html&folderId=3');
});

test('the search waits for typing to stop, then asks the server; nothing found says so', async () => {
  const fetchMock = mockFetch({
    '/api/getTemplateFolders': () => jsonResponse(200, { status: 1, folders: [] }),
    '/api/mm/templates': () => jsonResponse(200, pageOf([])),
  });
  render(<TemplatesPage />, { route: '/templates?isReload=true', session: makeSession() });
  expect(await screen.findByTestId('templates-empty')).toHaveTextContent('No Campaign Designer templates yet.');
  fireEvent.change(screen.getByTestId('template-search'), { target: { value: 'SALE' } });
  await waitFor(() => expect(calls(fetchMock, '/api/mm/templates').at(-1)).toContain('search=SALE'), { timeout: 2000 });
  expect(await screen.findByTestId('templates-no-match')).toHaveTextContent('No templates match this search.');
});

test("a refused folder delete shows the server's message as an error toast; a rename its success", async () => {
  const fetchMock = mockFetch({
    '/api/getTemplateFolders': () => jsonResponse(200, folders),
    '/api/mm/templates': () => jsonResponse(200, pageOf([row()])),
    '/api/deleteTemplateFolder': () => jsonResponse(400, { status: 0, message: 'A folder must hold no templates and no subfolders to be deleted.', errors: {} }),
    '/api/renameTemplateFolder': () => jsonResponse(200, { status: 1, message: 'Folder renamed successfully.', errors: {} }),
  });
  render(<TemplatesPage />, { route: '/templates?type=html', session: makeSession() });
  await userEvent.click(await screen.findByRole('button', { name: 'Folder actions for Promos' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
  await userEvent.click(await screen.findByTestId('confirm-yes'));
  await waitFor(() => expect(toast).toHaveBeenCalledWith('error', 'A folder must hold no templates and no subfolders to be deleted.'));

  await userEvent.click(screen.getByRole('button', { name: 'Folder actions for Promos' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Rename' }));
  const input = screen.getByRole('textbox', { name: 'Rename folder Promos' });
  expect(input).toHaveAttribute('maxlength', '20');
  await userEvent.clear(input);
  await userEvent.type(input, 'Offers{Enter}');
  await waitFor(() => expect(toast).toHaveBeenCalledWith('success', 'Folder renamed successfully.'));
  const rename = fetchMock.mock.calls.find(([url]) => url === '/api/renameTemplateFolder');
  expect(JSON.parse(String(rename?.[1].body))).toEqual({ folderId: 3, newName: 'Offers' });
});

test('a new designer template is created with its name, in the folder shown, then opens in the designer', async () => {
  const fetchMock = mockFetch({
    '/api/getTemplateFolders': () => jsonResponse(200, { status: 1, folders: [{ _id: 5, name: 'News', path: 'News', templateCount: 0, subfolders: [] }] }),
    '/api/mm/templates': () => jsonResponse(201, { ...row({ id: 12, type: 'designer' }), subject: '', previewText: '', html: '', text: '', projectData: null }),
  });
  render(<TemplatesPage />, { route: '/templates?type=designer&folderId=5', session: makeSession() });
  await userEvent.click(await screen.findByTestId('template-new'));
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Design in the editor' }));
  await userEvent.type(await screen.findByTestId('template-name-input'), 'Launch');
  await userEvent.click(screen.getByTestId('template-create-save'));
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/beeeditor?templateId=12'));
  const create = fetchMock.mock.calls.find(([url, init]) => url === '/api/mm/templates' && init.method === 'POST');
  expect(JSON.parse(String(create?.[1].body))).toMatchObject({ name: 'Launch', type: 'designer', folderId: 5 });
});

test('card actions: preview in the sandboxed dialog, duplicate', async () => {
  const detail = { ...row(), subject: 'Hi', previewText: '', html: '<p>Sale</p>', text: '', projectData: null, version: 1, updatedByEmail: 'ann@demo.test' };
  mockFetch({
    '/api/getTemplateFolders': () => jsonResponse(200, folders),
    '/api/mm/templates': () => jsonResponse(200, pageOf([row()])),
    '/api/mm/templates/7/preview': () => jsonResponse(200, { subject: 'Hi', html: '<p>Sale</p>', text: '' }),
    '/api/mm/profiles': () => jsonResponse(200, pageOf([])),
    '/api/mm/templates/7/duplicate': () => jsonResponse(201, { ...detail, id: 8, name: 'Spring Sale copy' }),
  });
  render(<TemplatesPage />, { route: '/templates?type=html', session: makeSession() });
  const menu = await screen.findByRole('button', { name: 'Actions for Spring Sale' });

  await userEvent.click(menu);
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Preview' }));
  const frame = await screen.findByTestId('preview-frame');
  expect(frame).toHaveAttribute('sandbox', '');
  await waitFor(() => expect(frame).toHaveAttribute('srcdoc', '<p>Sale</p>'));
  await userEvent.keyboard('{Escape}');

  await userEvent.click(menu);
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Duplicate' }));
  await waitFor(() => expect(toast).toHaveBeenCalledWith('success', 'Template duplicated successfully.'));
});

test('moving a template to another folder sends the folder chosen', async () => {
  const detail = { ...row(), subject: '', previewText: '', html: '', text: '', projectData: null, version: 1, updatedByEmail: 'ann@demo.test' };
  const fetchMock = mockFetch({
    '/api/getTemplateFolders': () => jsonResponse(200, folders),
    '/api/mm/templates': () => jsonResponse(200, pageOf([row()])),
    '/api/mm/templates/7/move': () => jsonResponse(200, { ...detail, folderId: 4 }),
  });
  render(<TemplatesPage />, { route: '/templates?type=html', session: makeSession() });
  await userEvent.click(await screen.findByRole('button', { name: 'Actions for Spring Sale' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Move to folder' }));
  await userEvent.click(await screen.findByTestId('move-folder'));
  await userEvent.click(await screen.findByRole('option', { name: 'Promos/Old' }));
  await userEvent.click(screen.getByTestId('move-save'));
  await waitFor(() => expect(toast).toHaveBeenCalledWith('success', 'Template moved successfully.'));
  const move = fetchMock.mock.calls.find(([url]) => url === '/api/mm/templates/7/move');
  expect(JSON.parse(String(move?.[1].body))).toEqual({ folderId: 4 });
});
