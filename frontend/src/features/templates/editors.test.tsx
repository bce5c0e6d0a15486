import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '../../lib/toast';
import { jsonResponse, mockFetch } from '../../test-utils/fetch';
import { render } from '../../test-utils/render';
import { makeSession } from '../../test-utils/session';
import ExternalPreviewPage from './ExternalPreviewPage';
import FooterSettingsPage from './FooterSettingsPage';
import HtmlUploadPage from './HtmlUploadPage';
import PlainTextEditorPage from './PlainTextEditorPage';

vi.mock('../../lib/toast', () => ({ toast: vi.fn() }));
afterEach(() => vi.mocked(toast).mockClear());

const detail = (overrides: Record<string, unknown> = {}) => ({
  id: 9,
  name: 'Welcome',
  type: 'html',
  folderId: null,
  thumbnailUrl: null,
  createdAt: '2026-03-01T10:00:00Z',
  updatedAt: '2026-03-01T10:00:00Z',
  createdByEmail: 'ann@demo.test',
  updatedByEmail: 'ann@demo.test',
  subject: '',
  previewText: '',
  html: '<p>Hi</p>',
  text: '',
  projectData: null,
  version: 1,
  ...overrides,
});
const noFolders = () => jsonResponse(200, { status: 1, folders: [] });
const bodyOf = (fetchMock: ReturnType<typeof mockFetch>, url: string, method: string) => {
  const found = fetchMock.mock.calls.find(([path, init]) => path.split('?')[0] === url && init.method === method);
  return found?.[1].body;
};

test('HTML upload: anything but an .html file is refused before sending; an .html file becomes a template opened in the code editor', async () => {
  const fetchMock = mockFetch({
    '/api/getTemplateFolders': noFolders,
    '/api/htmlUpload': () => jsonResponse(201, detail()),
  });
  render(<HtmlUploadPage />, { route: '/htmlUpload', session: makeSession() });
  const input = await screen.findByLabelText('Drag an .html file here or click to pick one');
  const user = userEvent.setup({ applyAccept: false });
  await user.upload(input, new File(['x'], 'notes.txt', { type: 'text/plain' }));
  await waitFor(() => expect(toast).toHaveBeenCalledWith('error', 'Unsupported file type. Please upload only Html files'));
  expect(screen.getByTestId('html-upload')).toBeDisabled();

  await user.upload(input, new File(['<p>Hi</p>'], 'Welcome.html', { type: 'text/html' }));
  expect(await screen.findByTestId('html-chosen')).toHaveTextContent('Welcome.html');
  expect(screen.getByTestId('html-name')).toHaveValue('Welcome');
  await userEvent.click(screen.getByTestId('html-upload'));
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/htmlUpload?templateId=9'));
  const form = bodyOf(fetchMock, '/api/htmlUpload', 'POST') as FormData;
  expect(form.has('file')).toBe(true);
  expect(form.get('name')).toBe('Welcome');
});

test('HTML editor: the code shows in a sandboxed preview; saving sends it and shows what the server kept', async () => {
  const fetchMock = mockFetch({
    '/api/getTemplateFolders': noFolders,
    '/api/mm/templates/9': () => jsonResponse(200, detail({ html: '<p>Kept</p>' })),
  });
  render(<HtmlUploadPage />, { route: '/htmlUpload?templateId=9', session: makeSession() });
  const code = await screen.findByTestId('html-code');
  expect(code).toHaveValue('<p>Kept</p>');
  const frame = screen.getByTitle('Preview of Welcome');
  expect(frame).toHaveAttribute('sandbox', '');
  await waitFor(() => expect(frame).toHaveAttribute('srcdoc', '<p>Kept</p>'));
  fireEvent.change(code, { target: { value: '<p>New</p><script>x()</script>' } });
  await userEvent.click(screen.getByTestId('html-save'));
  await waitFor(() => expect(toast).toHaveBeenCalledWith('success', 'Template saved successfully.'));
  expect(JSON.parse(String(bodyOf(fetchMock, '/api/mm/templates/9', 'PATCH')))).toEqual({ name: 'Welcome', folderId: null, html: '<p>New</p><script>x()</script>' });
});

test('HTML editor: links that will not work are listed, and the list follows each save', async () => {
  let saves = 0;
  mockFetch({
    '/api/getTemplateFolders': noFolders,
    '/api/mm/templates/9': () =>
      jsonResponse(
        200,
        detail({
          html: '<a href="www.shop.example">Shop</a>',
          linkProblems: saves++ === 0 ? [{ index: 0, url: 'www.shop.example', text: 'Shop', message: 'Please enter a valid link.' }] : [],
        }),
      ),
  });
  render(<HtmlUploadPage />, { route: '/htmlUpload?templateId=9', session: makeSession() });
  const problems = await screen.findByTestId('link-problems');
  expect(problems).toHaveTextContent('Some links will not work');
  expect(problems).toHaveTextContent('Shop (www.shop.example): Please enter a valid link.');
  await userEvent.click(screen.getByTestId('html-save'));
  await waitFor(() => expect(screen.queryByTestId('link-problems')).not.toBeInTheDocument());
});

test('plain text: the placeholder alone is empty and is not saved; real text is created as a plainText template', async () => {
  const fetchMock = mockFetch({
    '/api/getTemplateFolders': noFolders,
    '/api/mm/templates': () => jsonResponse(201, detail({ id: 15, type: 'plainText', html: '', text: 'Hello' })),
  });
  render(<PlainTextEditorPage />, { route: '/plaintexteditor', session: makeSession() });
  await userEvent.type(await screen.findByTestId('plain-name'), 'Note');
  fireEvent.change(screen.getByTestId('plain-text'), { target: { value: 'Type your email text here…' } });
  await userEvent.click(screen.getByTestId('plain-save'));
  expect(toast).toHaveBeenCalledWith('error', 'Please fill Text ');
  expect(bodyOf(fetchMock, '/api/mm/templates', 'POST')).toBeUndefined();

  fireEvent.change(screen.getByTestId('plain-text'), { target: { value: 'Hello' } });
  await userEvent.click(screen.getByTestId('plain-save'));
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/plaintexteditor?templateId=15'));
  expect(JSON.parse(String(bodyOf(fetchMock, '/api/mm/templates', 'POST')))).toMatchObject({ name: 'Note', type: 'plainText', text: 'Hello' });
});

test('footer: equal colours are refused without asking the server; delete lists the campaigns using it by status', async () => {
  const footer = {
    id: 4,
    name: 'Legal',
    html: '<p>Address</p>',
    backgroundColor: '#ffffff',
    fontColor: '#000000',
    isDefault: false,
    createdAt: '2026-03-01T10:00:00Z',
    updatedAt: '2026-03-01T10:00:00Z',
    createdByEmail: 'ann@demo.test',
    updatedByEmail: 'ann@demo.test',
  };
  const fetchMock = mockFetch({
    '/api/mm/campaignFooters/4': () => (fetchMock.mock.calls.at(-1)?.[1].method === 'DELETE' ? new Response(null, { status: 204 }) : jsonResponse(200, footer)),
    '/api/checkFooterAssociatedCampaigns': () =>
      jsonResponse(200, {
        associatedCampaigns: [
          { CampaignName: 'June news', Status: 'Draft' },
          { CampaignName: 'July news', Status: 'Scheduled' },
        ],
      }),
  });
  render(<FooterSettingsPage />, { route: '/CampaignFooterSettings?type=footer&id=4', session: makeSession() });
  const font = await screen.findByRole('textbox', { name: 'Font colour' });
  fireEvent.change(font, { target: { value: '#FFFFFF' } });
  await userEvent.click(screen.getByTestId('hf-save'));
  expect(toast).toHaveBeenCalledWith('error', 'Footer background and font colours must differ.');
  expect(bodyOf(fetchMock, '/api/mm/campaignFooters/4', 'PATCH')).toBeUndefined();

  await userEvent.click(screen.getByTestId('hf-delete'));
  expect(await screen.findByTestId('hf-associated-Draft')).toHaveTextContent('Draft (1)June news');
  expect(screen.getByTestId('hf-associated-Scheduled')).toHaveTextContent('Scheduled (1)July news');
  expect(screen.getByTestId('hf-associated')).toHaveTextContent('2 campaigns use it and will lose it:');
  await userEvent.click(screen.getByTestId('hf-delete-confirm'));
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/CampaignFooterSettingsList?type=footer'));
  expect(toast).toHaveBeenCalledWith('success', 'Footer deleted successfully.');
});

test('public preview: the email in an empty sandbox at desktop or mobile width; a bad token shows the server message', async () => {
  mockFetch({
    '/api/external/previewTemplate': () => jsonResponse(200, { name: 'Welcome', subject: 'Hi there', html: '<p>Hi</p>', text: '' }),
  });
  const { unmount } = render(<ExternalPreviewPage />, { route: '/external/previewTemplate?token=good' });
  const frame = await screen.findByTestId('external-frame');
  expect(frame).toHaveAttribute('sandbox', '');
  expect(frame).toHaveAttribute('srcdoc', '<p>Hi</p>');
  expect(screen.getByTestId('external-subject')).toHaveTextContent('Subject: Hi there');
  unmount();

  mockFetch({ '/api/external/previewTemplate': () => jsonResponse(400, { message: 'Invalid URL, unable to display the email' }) });
  render(<ExternalPreviewPage />, { route: '/external/previewTemplate?token=bad' });
  expect(await screen.findByTestId('external-error')).toHaveTextContent('Invalid URL, unable to display the email');
});
