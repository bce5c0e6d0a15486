import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { toast } from '../../lib/toast';
import { jsonResponse, mockFetch } from '../../test-utils/fetch';
import { render } from '../../test-utils/render';
import { makeSession } from '../../test-utils/session';
import { newDefinition } from './definition';
import FormBuilderPage from './FormBuilderPage';

vi.mock('../../lib/toast', () => ({ toast: vi.fn() }));
afterEach(() => vi.mocked(toast).mockClear());

const fields = {
  items: [
    { key: 'email', label: 'Email', type: 'email', options: [] },
    { key: 'firstName', label: 'First Name', type: 'text', options: [] },
    { key: 'custom.sport', label: 'Sport', type: 'radio', options: ['Golf', 'Tennis'] },
  ],
};
const themes = { items: [{ id: 1, name: 'Classic', preset: true, styles: {}, createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' }] };
const disclaimers = { items: [{ id: 5, name: 'GDPR', currentVersion: 1, text: '<p>I agree</p>', versions: [], createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' }] };
const saved = {
  id: 9,
  name: 'Newsletter',
  formType: 'sspForm',
  status: 'Draft',
  key: 'abc',
  publicPath: '/alpha/pf/abc',
  publicUrl: 'https://pages.localhost/alpha/pf/abc',
  surveyPath: null,
  definition: newDefinition(),
  themeId: null,
  disclaimerId: null,
  doubleOptIn: true,
  locked: true,
  createdById: 2,
  createdByEmail: 'bob@demo.test',
  publishedVersion: null,
  publishedAt: null,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  submissionCount: 0,
};
const page = (
  <Routes>
    <Route path="/builderForms/:formType" element={<FormBuilderPage />} />
  </Routes>
);
const sent = (fetchMock: ReturnType<typeof mockFetch>, url: string, method: string) =>
  fetchMock.mock.calls.filter(([called, init]) => called === url && init.method === method).map(([, init]) => JSON.parse(String(init.body)));

test("a new form's fields come from the registry; the server's refusals show beside their fields", async () => {
  const fetchMock = mockFetch({
    '/api/mm/formFields': () => jsonResponse(200, fields),
    '/api/mm/formThemes': () => jsonResponse(200, themes),
    '/api/mm/disclaimers': () => jsonResponse(200, disclaimers),
    '/api/mm/forms/preview': () => jsonResponse(200, { html: '<form class="mc-form"></form>' }),
    '/api/mm/forms': () =>
      jsonResponse(400, {
        message: 'A form with this name already exists.',
        errors: { name: ['A form with this name already exists.'], 'definition.sections.0.fields.1.key': ['This field is not in the profile field registry.'] },
      }),
  });
  render(page, { route: '/builderForms/sspForm', session: makeSession() });
  fireEvent.change(await screen.findByTestId('form-name'), { target: { value: 'Newsletter' } });
  fireEvent.click(screen.getByTestId('palette-custom.sport'));
  expect(screen.getByTestId('palette-custom.sport')).toBeDisabled();
  fireEvent.click(screen.getByTestId('as-buttons-custom.sport'));
  // The preview is the public page drawn by the server with the form's definition, in a frame without scripts.
  await waitFor(() => expect(sent(fetchMock, '/api/mm/forms/preview', 'POST').at(-1)?.definition.sections[0].fields[1]).toMatchObject({ key: 'custom.sport', asButtons: true }));
  expect(await screen.findByTestId('form-preview')).toHaveAttribute('sandbox', '');

  fireEvent.click(screen.getByTestId('form-save'));
  expect(await screen.findByText('A form with this name already exists.')).toBeInTheDocument();
  expect(screen.getByTestId('field-custom.sport')).toHaveTextContent('This field is not in the profile field registry.');
  expect(toast).toHaveBeenCalledWith('error', 'A form with this name already exists.');
  const [body] = sent(fetchMock, '/api/mm/forms', 'POST');
  expect(body).toMatchObject({ name: 'Newsletter', formType: 'sspForm', doubleOptIn: true, surveyPath: null });
  expect(body.definition.sections[0].fields.map((field: { key: string }) => field.key)).toEqual(['email', 'custom.sport']);
});

test("a multi-step form's preview shows the step chosen beside it, with the theme and the disclaimer", async () => {
  const fetchMock = mockFetch({
    '/api/mm/formFields': () => jsonResponse(200, fields),
    '/api/mm/formThemes': () => jsonResponse(200, { items: [{ ...themes.items[0], styles: { nextButton: { color: '#ffffff' } } }] }),
    '/api/mm/disclaimers': () => jsonResponse(200, disclaimers),
    '/api/mm/forms/preview': () => jsonResponse(200, { html: '<form class="mc-form"></form>' }),
    '/api/mm/forms/9': () => jsonResponse(200, { ...saved, locked: false, themeId: 1, disclaimerId: 5, definition: { ...newDefinition(), multiStep: true, sections: [...newDefinition().sections, { id: 's2', title: '', fields: [fields.items[1]].map((f) => ({ ...f, required: false, placeholder: '', separator: '', asButtons: false })) }] } }),
  });
  render(page, { route: '/builderForms/sspForm?id=9', session: makeSession() });
  const previews = () => sent(fetchMock, '/api/mm/forms/preview', 'POST');
  await waitFor(() => expect(previews().at(-1)).toMatchObject({ step: 0, showDisclaimer: true, styles: { nextButton: { color: '#ffffff' } } }));
  fireEvent.click(within(screen.getByTestId('preview-step')).getByText('Step 2'));
  await waitFor(() => expect(previews().at(-1)).toMatchObject({ step: 1 }));
});

test("the builder's own checks stop the request, in the spec's words", async () => {
  const fetchMock = mockFetch({
    '/api/mm/formFields': () => jsonResponse(200, fields),
    '/api/mm/formThemes': () => jsonResponse(200, themes),
    '/api/mm/disclaimers': () => jsonResponse(200, disclaimers),
  });
  render(page, { route: '/builderForms/surveyForm', session: makeSession() });
  fireEvent.click(await screen.findByTestId('add-section'));
  fireEvent.click(screen.getByTestId('form-publish'));
  expect(await screen.findByText('Please fill Form Name')).toBeInTheDocument();
  expect(screen.getByTestId('section-error-1')).toHaveTextContent('Each dynamic form section must have fields.');
  expect(screen.getByText('A survey form needs a unique URL path.')).toBeInTheDocument();
  expect(sent(fetchMock, '/api/mm/forms', 'POST')).toEqual([]);
});

test("a form locked by another member cannot be saved; the disclaimer needs the section's access", async () => {
  mockFetch({
    '/api/mm/formFields': () => jsonResponse(200, fields),
    '/api/mm/formThemes': () => jsonResponse(200, themes),
    '/api/mm/forms/9': () => jsonResponse(200, saved),
  });
  render(page, { route: '/builderForms/sspForm?id=9', session: makeSession({}, { userRole: 'USER' }) });
  expect(await screen.findByTestId('form-locked')).toHaveTextContent('This form is locked by its creator.');
  expect(screen.getByTestId('form-save')).toBeDisabled();
  fireEvent.click(screen.getByTestId('tab-settings'));
  await waitFor(() => expect(screen.getByTestId('theme-select')).toBeInTheDocument());
  expect(screen.queryByTestId('disclaimer-select')).toBeNull();
});
