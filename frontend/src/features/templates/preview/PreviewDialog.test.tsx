import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '../../../lib/toast';
import { jsonResponse, mockFetch } from '../../../test-utils/fetch';
import { render } from '../../../test-utils/render';
import { PreviewDialog } from './PreviewDialog';

vi.mock('../../../lib/toast', () => ({ toast: vi.fn() }));
afterEach(() => vi.mocked(toast).mockClear());

const profiles = {
  items: [
    { id: 7, email: 'ann@demo.test', firstName: 'Ann', lastName: 'Lee', createdAt: '2026-11-01T10:00:00Z' },
    { id: 8, email: 'bob@demo.test', firstName: '', lastName: '', createdAt: '2026-11-01T10:00:00Z' },
  ],
  total: 2,
  totalIsEstimate: false,
  page: 1,
  pageSize: 20,
};

function answers() {
  return {
    '/api/mm/profiles': () => jsonResponse(200, profiles),
    '/api/mm/templates/5/preview': () => jsonResponse(200, { subject: 'Hello there', html: '<p>Hello friend</p>', text: 'Hello friend' }),
    '/api/mm/templates/5/previewLink': () => jsonResponse(200, { url: '/external/previewTemplate?token=abc.def' }),
  };
}

test('the preview shows the subject and the html in an empty sandbox, at desktop then mobile width, and the plain text', async () => {
  const fetchMock = mockFetch(answers());
  render(<PreviewDialog templateId={5} opened onClose={vi.fn()} templateName="Welcome" />);
  expect(await screen.findByText('Preview: Welcome')).toBeInTheDocument();

  const frame = await screen.findByTitle('Email preview');
  expect(frame.tagName).toBe('IFRAME');
  expect(frame.getAttribute('sandbox')).toBe('');
  expect(frame.getAttribute('srcdoc')).toBe('<p>Hello friend</p>');
  expect(screen.getByTestId('preview-subject')).toHaveTextContent('Subject: Hello there');
  expect(frame.parentElement).toHaveStyle({ width: 'calc(42.5rem * var(--mantine-scale))' });
  // Without a profile, the sample values: no profileId is sent.
  expect(fetchMock.mock.calls.some(([url]) => url === '/api/mm/templates/5/preview')).toBe(true);

  await userEvent.click(screen.getByRole('radio', { name: 'Mobile' }));
  expect(screen.getByTitle('Email preview').parentElement).toHaveStyle({ width: 'calc(26.625rem * var(--mantine-scale))' });

  await userEvent.click(screen.getByRole('tab', { name: 'Plain text' }));
  expect(screen.getByTestId('preview-text')).toHaveTextContent('Hello friend');
});

test('choosing a profile, found by a search, renders the preview for it', async () => {
  const fetchMock = mockFetch(answers());
  render(<PreviewDialog templateId={5} opened onClose={vi.fn()} />);
  await screen.findByTitle('Email preview');

  await userEvent.type(screen.getByLabelText('Preview for profile', { selector: 'input' }), 'ann');
  await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url.startsWith('/api/mm/profiles?') && url.includes('search=ann'))).toBe(true), {
    timeout: 3000,
  });
  await userEvent.click(await screen.findByRole('option', { name: 'ann@demo.test (Ann Lee)', hidden: true }));
  await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === '/api/mm/templates/5/preview?profileId=7')).toBe(true));
  expect(await screen.findByTitle('Email preview')).toBeInTheDocument();
});

test('"Copy preview link" creates the signed link, copies it whole and shows it', async () => {
  const fetchMock = mockFetch(answers());
  const writeText = vi.fn(async () => undefined);
  vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
  render(<PreviewDialog templateId={5} opened onClose={vi.fn()} />);
  await userEvent.click(await screen.findByRole('button', { name: 'Copy preview link' }));

  const link = `${window.location.origin}/external/previewTemplate?token=abc.def`;
  await waitFor(() => expect(writeText).toHaveBeenCalledWith(link));
  expect(toast).toHaveBeenCalledWith('success', 'Preview link copied.');
  expect(screen.getByRole('textbox', { name: 'Preview link' })).toHaveValue(link);
  const post = fetchMock.mock.calls.find(([url]) => url === '/api/mm/templates/5/previewLink');
  expect(post?.[1].method).toBe('POST');
});

test('a preview the server refuses shows its message', async () => {
  mockFetch({ ...answers(), '/api/mm/templates/5/preview': () => jsonResponse(404, { message: 'Not found.' }) });
  render(<PreviewDialog templateId={5} opened onClose={vi.fn()} />);
  expect(await screen.findByRole('alert')).toHaveTextContent('Not found.');
});
