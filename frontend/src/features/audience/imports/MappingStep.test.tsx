import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '../../../lib/toast';
import { jsonResponse, mockFetch } from '../../../test-utils/fetch';
import { render } from '../../../test-utils/render';
import type { ImportUpload } from './api';
import type { ProfileField } from '../fields/api';
import { MappingStep } from './MappingStep';

vi.mock('../../../lib/toast', () => ({ toast: vi.fn() }));
afterEach(() => vi.mocked(toast).mockClear());

const upload: ImportUpload = {
  id: 7,
  kind: 'subscribers',
  fileName: 'people.csv',
  inspection: 'ready',
  inspectionError: '',
  headers: ['Mail', 'Name', 'Colours'],
  sample: [['ann@x.com', 'Ann', 'red;blue']],
  suggestedMapping: { '1': 'firstName' },
  fields: [
    { key: 'emailId', label: 'Email', required: true },
    { key: 'firstName', label: 'First Name', required: false },
    { key: 'custom.colours', label: 'Colours', required: false },
  ],
};
const profileFields: ProfileField[] = [{ id: 1, label: 'Colours', key: 'colours', fieldType: 'checkbox', options: ['red', 'blue'], createdAt: '' }];

// Every select keeps its (hidden) list in the page: pick from the one the input controls.
async function choose(testId: string, option: string) {
  const input = screen.getByTestId(testId);
  await userEvent.click(input);
  const listbox = await waitFor(() => document.getElementById(input.getAttribute('aria-controls') ?? '')!);
  await userEvent.click(within(listbox).getByRole('option', { name: option, hidden: true }));
}

test('pre-fills the suggestion, insists on the email, then asks for a separator once a checkbox field is mapped', async () => {
  const onStarted = vi.fn();
  const fetchMock = mockFetch({ '/api/mm/imports/7/start': () => jsonResponse(202, { jobId: 55 }) });
  render(<MappingStep upload={upload} profileFields={profileFields} groups={[{ id: 3, name: 'Customers' }]} tags={[]} onBack={() => undefined} onStarted={onStarted} />);
  expect(screen.getByTestId('map-0')).toHaveValue('Do not import');
  expect(screen.getByTestId('map-1')).toHaveValue('First Name');

  await userEvent.click(screen.getByTestId('start-import'));
  expect(toast).toHaveBeenCalledWith('error', 'The email address must be mapped.');

  await choose('map-0', 'Email');
  await choose('map-2', 'Colours');
  expect(screen.getByTestId('checkbox-separator')).toBeInTheDocument();
  await userEvent.click(screen.getByTestId('start-import'));
  expect(toast).toHaveBeenLastCalledWith('error', 'A separator is required for checkbox fields.');
  expect(fetchMock).not.toHaveBeenCalled();

  await userEvent.type(screen.getByTestId('checkbox-separator'), ';');
  await choose('import-groups', 'Customers');
  await userEvent.click(screen.getByTestId('start-import'));
  await waitFor(() => expect(onStarted).toHaveBeenCalledWith(55));
  const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
  expect(JSON.parse(String(init.body))).toEqual({
    mapping: { '0': 'emailId', '1': 'firstName', '2': 'custom.colours' },
    checkboxSeparator: ';',
    groupIds: [3],
    tagIds: [],
    emptyCellsClear: false,
  });
});

test('Groups to add creates a group typed there and adds the imported profiles to it', async () => {
  const onStarted = vi.fn();
  const fetchMock = mockFetch({
    '/api/mm/groups': () => jsonResponse(201, { id: 12, name: 'Spring fair', categoryId: null, categoryName: null, profileCount: 0, isDefault: false, createdAt: '' }),
    '/api/mm/imports/7/start': () => jsonResponse(202, { jobId: 56 }),
  });
  render(<MappingStep upload={upload} profileFields={[]} groups={[{ id: 3, name: 'Customers' }]} tags={[]} onBack={() => undefined} onStarted={onStarted} />);
  await choose('map-0', 'Email');
  await userEvent.type(screen.getByTestId('import-groups'), 'Spring fair');
  await userEvent.click(await screen.findByRole('option', { name: 'Create group "Spring fair"', hidden: true }));
  await waitFor(() => expect(toast).toHaveBeenCalledWith('success', 'Group "Spring fair" created.'));
  const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
  expect([url, init.method, JSON.parse(String(init.body))]).toEqual(['/api/mm/groups', 'POST', { name: 'Spring fair' }]);
  await userEvent.click(screen.getByTestId('start-import'));
  await waitFor(() => expect(onStarted).toHaveBeenCalledWith(56));
  const [, start] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
  expect(JSON.parse(String(start.body)).groupIds).toEqual([12]);
});
