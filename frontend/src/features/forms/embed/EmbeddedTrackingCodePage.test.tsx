import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, mockFetch } from '../../../test-utils/fetch';
import { render } from '../../../test-utils/render';
import EmbeddedTrackingCodePage from './EmbeddedTrackingCodePage';

const form = (id: number, name: string) => ({ id, name });
const page = (items: unknown[]) => ({ items, total: items.length, page: 1, pageSize: 50 });
const code = {
  formId: 7,
  name: 'Newsletter',
  published: false,
  publicUrl: 'https://pages.example/alpha/pf/k',
  pagesOrigin: 'https://pages.example',
  height: 512,
  popup: true,
  scriptSnippet: '<script src="https://pages.example/-/embed.js" data-form="/alpha/pf/k" data-height="512" data-popup></script>',
  iframeSnippet: '<iframe src="https://pages.example/alpha/pf/k?embed=1" height="512"></iframe>',
};

test('an empty workspace is told to build a form first', async () => {
  mockFetch({ '/api/mm/forms': () => jsonResponse(200, page([])) });
  render(<EmbeddedTrackingCodePage />, { route: '/embeddedTrackingCode' });
  expect(await screen.findByTestId('embed-no-forms')).toHaveTextContent('No forms yet.');
});

test('choosing a form shows both snippets, its state and what a strict CSP needs', async () => {
  const fetchMock = mockFetch({
    '/api/mm/forms': () => jsonResponse(200, page([form(7, 'Newsletter'), form(8, 'Survey')])),
    '/api/mm/forms/7/embed': () => jsonResponse(200, code),
  });
  render(<EmbeddedTrackingCodePage />, { route: '/embeddedTrackingCode' });
  expect(await screen.findByText('Choose a form to see the code for your website.')).toBeInTheDocument();
  await userEvent.click(screen.getByTestId('embed-form'));
  await userEvent.click(await screen.findByRole('option', { name: 'Newsletter', hidden: true }));
  expect(await screen.findByTestId('embed-script')).toHaveTextContent(code.scriptSnippet);
  expect(screen.getByTestId('embed-iframe')).toHaveTextContent(code.iframeSnippet);
  expect(screen.getByTestId('embed-not-published')).toBeInTheDocument();
  expect(screen.getByTestId('embed-popup')).toBeInTheDocument();
  expect(screen.getByText('Allow https://pages.example in script-src (the script tag) and frame-src (both).')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Copy the script tag' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Copy the frame' })).toBeInTheDocument();
  expect(screen.getByTestId('location')).toHaveTextContent('/embeddedTrackingCode?formId=7');
  await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/mm/forms/7/embed'))).toBe(true));
});
