import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '../../../lib/toast';
import { jsonResponse, mockFetch, type SentInit } from '../../../test-utils/fetch';
import { render } from '../../../test-utils/render';
import { ThemeEditor } from './ThemeEditor';

vi.mock('../../../lib/toast', () => ({ toast: vi.fn() }));
afterEach(() => vi.mocked(toast).mockClear());

const theme = (id: number, name: string, preset: boolean, styles: Record<string, unknown> = {}) => ({
  id,
  name,
  preset,
  styles,
  createdAt: '2026-11-28T10:00:00Z',
  updatedAt: '2026-11-28T10:00:00Z',
});
const themes = [theme(1, 'Classic', true, { title: { color: '#1a1a1a' } }), theme(5, 'Brand', false, { title: { color: '#112233' } })];

function serve() {
  const previews: Record<string, unknown>[] = [];
  const fetchMock = mockFetch({
    '/api/mm/formThemes': () => jsonResponse(200, { items: themes }),
  });
  fetchMock.mockImplementation(async (url: string, init: SentInit) => {
    if (url.startsWith('/api/mm/forms/preview')) {
      const body = JSON.parse(String(init.body));
      previews.push(body);
      return jsonResponse(200, { html: `<p class="mc-title">${JSON.stringify(body.styles)}</p>` });
    }
    if (url.startsWith('/api/mm/formThemes') && init.method === 'POST') return jsonResponse(201, theme(9, JSON.parse(String(init.body)).name, false));
    if (url.startsWith('/api/mm/formThemes/5') && init.method === 'PATCH') return jsonResponse(200, theme(5, 'Brand', false));
    if (url.startsWith('/api/mm/formThemes')) return jsonResponse(200, { items: themes });
    return jsonResponse(404, { message: 'Not found' });
  });
  return { fetchMock, previews };
}

test('a preset is read-only and previewed in a frame without scripts', async () => {
  const { previews } = serve();
  render(<ThemeEditor themeId={1} />);
  expect(await screen.findByText(/Preset themes cannot be changed/)).toBeInTheDocument();
  expect(screen.getByTestId('theme-name')).toBeDisabled();
  expect(screen.queryByTestId('theme-save')).not.toBeInTheDocument();
  expect(screen.queryByTestId('theme-delete')).not.toBeInTheDocument();
  const frame = await screen.findByTestId('form-preview');
  expect(frame).toHaveAttribute('sandbox', '');
  await waitFor(() => expect(previews.at(-1)?.styles).toEqual({ title: { color: '#1a1a1a' } }));
  expect(previews.at(-1)?.showDisclaimer).toBe(true);
});

test('every style group of spec 3 can be edited', async () => {
  serve();
  render(<ThemeEditor />);
  for (const label of ['Title', 'Title description', 'Label', 'Field', 'Checkboxes', 'Radio button', 'Radio as button', 'Tags/groups as checkboxes', 'Disclaimer', 'Submit button', 'Next button', 'Previous button']) {
    expect(await screen.findByRole('button', { name: label })).toBeInTheDocument();
  }
  fireEvent.click(screen.getByRole('button', { name: 'Radio as button' }));
  expect(await screen.findByLabelText('Radio as button: Border style')).toBeInTheDocument();
  expect(screen.getByLabelText('Radio as button: Corner radius')).toBeInTheDocument();
});

test('a Custom theme is edited, previewed with valid values only, and saved under its name', async () => {
  const { fetchMock, previews } = serve();
  render(<ThemeEditor />);
  const size = await screen.findByLabelText('Title: Font size');
  fireEvent.change(size, { target: { value: '40p' } });
  expect(await screen.findByText('This value is not valid here.')).toBeInTheDocument();
  fireEvent.change(size, { target: { value: '40px' } });
  await waitFor(() => expect(previews.at(-1)?.styles).toEqual({ title: { fontSize: '40px' } }));
  fireEvent.click(screen.getByTestId('theme-save'));
  expect(await screen.findByText('Please fill Theme Name')).toBeInTheDocument();
  fireEvent.change(screen.getByTestId('theme-name'), { target: { value: 'Spring' } });
  fireEvent.click(screen.getByTestId('theme-save'));
  await waitFor(() => expect(toast).toHaveBeenCalledWith('success', 'Theme saved.'));
  const post = fetchMock.mock.calls.find(([url, init]) => url.startsWith('/api/mm/formThemes') && init.method === 'POST');
  expect(JSON.parse(String(post?.[1].body))).toEqual({ name: 'Spring', styles: { title: { fontSize: '40px' } } });
});

test('the mobile preview is 426 px wide', async () => {
  serve();
  render(<ThemeEditor themeId={5} />);
  await screen.findByTestId('form-preview');
  await userEvent.click(within(screen.getByTestId('preview-width')).getByText('Mobile (426 px)'));
  await waitFor(() => expect(screen.getByTestId('form-preview')).toHaveAttribute('title', 'Form preview, Mobile (426 px)'));
});
