import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { jsonResponse, mockFetch } from '../../../test-utils/fetch';
import { render } from '../../../test-utils/render';
import { makeSession } from '../../../test-utils/session';
import { newDefinition } from '../definition';
import PopupContainerPage from './PopupContainerPage';
import { popupTriggers } from './popup';

const form = (popup: Partial<ReturnType<typeof newDefinition>['popup']>) => ({
  id: 9,
  name: 'Spring offer',
  formType: 'embeddedForm',
  status: 'Draft',
  key: 'abc',
  publicPath: '/alpha/pf/abc',
  publicUrl: 'https://pages.localhost/alpha/pf/abc',
  surveyPath: null,
  definition: { ...newDefinition(), title: 'Get 10% off', popup: { ...newDefinition().popup, ...popup } },
  themeId: 1,
  disclaimerId: null,
  doubleOptIn: true,
  locked: false,
  createdById: 2,
  createdByEmail: 'bob@demo.test',
  publishedVersion: null,
  publishedAt: null,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  submissionCount: 0,
});
const themes = { items: [{ id: 1, name: 'Brand', preset: false, styles: { submitButton: { color: '#ffffff' } }, createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' }] };
const page = (
  <Routes>
    <Route path="/popupContainer/:formId/:clientId/:websiteId" element={<PopupContainerPage />} />
  </Routes>
);

function serve(popup: Parameters<typeof form>[0]) {
  return mockFetch({
    '/api/mm/forms/9': () => jsonResponse(200, form(popup)),
    '/api/mm/formThemes': () => jsonResponse(200, themes),
    '/api/mm/forms/preview': () => jsonResponse(200, { html: '<form class="mc-form"></form>' }),
  });
}

test('the triggers in words', () => {
  expect(popupTriggers({ ...newDefinition().popup, delaySeconds: 3, scrollPercent: 40, exitIntent: true })).toEqual([
    '3 seconds after the page opened',
    'When 40% of the page is scrolled',
    'When the pointer leaves the window (exit intent)',
  ]);
  expect(popupTriggers({ ...newDefinition().popup, delaySeconds: null, exitIntent: true })).toEqual(['When the pointer leaves the window (exit intent)']);
});

test('the pop-up opens by its delay over the sample page, with the form and its theme, and shows again', async () => {
  const fetchMock = serve({ enabled: true, delaySeconds: 0, frequency: 2, duration: 10 });
  render(page, { route: '/popupContainer/9/alpha/preview', session: makeSession() });
  expect(await screen.findByTestId('popup-rules')).toHaveTextContent('On your site one visitor sees it at most 2 times in 10 days.');
  const dialog = await screen.findByRole('dialog', { name: 'Get 10% off' });
  // The themed preview arrives after the dialog opened (the preview call answers later).
  expect(await within(dialog).findByTestId('form-preview')).toHaveAttribute('sandbox', '');
  expect(screen.getByTestId('popup-status')).toHaveTextContent('Opened by the delay.');
  const previews = fetchMock.mock.calls.filter(([url]) => url === '/api/mm/forms/preview').map(([, init]) => JSON.parse(String(init.body)));
  expect(previews.at(-1)).toMatchObject({ styles: { submitButton: { color: '#ffffff' } }, definition: { title: 'Get 10% off' } });
  fireEvent.click(within(dialog).getByRole('button', { name: /close/i }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(screen.getByTestId('popup-status')).toHaveTextContent('Closed.');
  fireEvent.click(screen.getByTestId('popup-replay'));
  expect(await screen.findByRole('dialog', { name: 'Get 10% off' })).toBeInTheDocument();
});

test('a form not set as a pop-up says so; another client in the path finds no form', async () => {
  serve({ enabled: false });
  const { unmount } = render(page, { route: '/popupContainer/9/alpha/preview', session: makeSession() });
  expect(await screen.findByTestId('popup-off')).toHaveTextContent('This form is not set to show as a pop-up.');
  expect(screen.queryByRole('dialog')).toBeNull();
  unmount();
  render(page, { route: '/popupContainer/9/beta/preview', session: makeSession() });
  expect(await screen.findByText('There is no such form.')).toBeInTheDocument();
});
