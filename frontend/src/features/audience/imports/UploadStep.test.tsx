import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '../../../lib/toast';
import { jsonResponse, mockFetch } from '../../../test-utils/fetch';
import { render } from '../../../test-utils/render';
import type { ImportUpload } from './api';
import { UploadStep } from './UploadStep';

vi.mock('../../../lib/toast', () => ({ toast: vi.fn() }));
afterEach(() => vi.mocked(toast).mockClear());

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const fields = [{ key: 'emailId', label: 'Email', required: true }];
const pending: ImportUpload = {
  id: 9,
  kind: 'subscribers',
  fileName: 'people.xlsx',
  inspection: 'pending',
  inspectionError: '',
  headers: [],
  sample: [],
  suggestedMapping: {},
  fields,
};
const ready: ImportUpload = {
  ...pending,
  inspection: 'ready',
  headers: ['Email'],
  sample: [['ann@x.com']],
  suggestedMapping: { '0': 'emailId' },
};

function dropFile(name: string, type: string) {
  const input = screen.getByTestId('import-dropzone').querySelector('input[type="file"]') as HTMLInputElement;
  return userEvent.upload(input, new File(['PK'], name, { type }));
}

test('an .xlsx upload waits for the worker to read the file before the mapping step', async () => {
  const answers = [pending, pending, ready];
  const fetchMock = mockFetch({
    '/api/mm/imports': () => jsonResponse(201, pending),
    '/api/mm/imports/9/inspection': () => jsonResponse(200, answers.shift()),
  });
  const onUploaded = vi.fn();
  render(<UploadStep kind="subscribers" onUploaded={onUploaded} pollMs={5} />);
  await dropFile('people.xlsx', XLSX_TYPE);
  expect(await screen.findByTestId('import-reading')).toHaveTextContent('Reading the file…');
  await waitFor(() => expect(onUploaded).toHaveBeenCalledTimes(1));
  expect(onUploaded).toHaveBeenCalledWith(ready);
  expect(answers).toEqual([]);
  expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/inspection'))).toHaveLength(3);
  expect(screen.queryByTestId('import-reading')).toBeNull();
});

test('a file the worker cannot read says why and stays on the upload step', async () => {
  const reason = 'The .xlsx file expands to too much data and was refused.';
  mockFetch({
    '/api/mm/imports': () => jsonResponse(201, pending),
    '/api/mm/imports/9/inspection': () => jsonResponse(200, { ...pending, inspection: 'failed', inspectionError: reason }),
  });
  const onUploaded = vi.fn();
  render(<UploadStep kind="subscribers" onUploaded={onUploaded} pollMs={5} />);
  await dropFile('bomb.xlsx', XLSX_TYPE);
  await waitFor(() => expect(toast).toHaveBeenCalledWith('error', reason));
  expect(onUploaded).not.toHaveBeenCalled();
  expect(screen.queryByTestId('import-reading')).toBeNull();
});

test('a CSV upload goes straight to the mapping step', async () => {
  const fetchMock = mockFetch({ '/api/mm/imports': () => jsonResponse(201, { ...ready, fileName: 'people.csv' }) });
  const onUploaded = vi.fn();
  render(<UploadStep kind="subscribers" onUploaded={onUploaded} pollMs={5} />);
  await dropFile('people.csv', 'text/csv');
  await waitFor(() => expect(onUploaded).toHaveBeenCalledTimes(1));
  expect(fetchMock).toHaveBeenCalledTimes(1);
});

test('a body over the server limit shows its message', async () => {
  const message = 'The request is too large: the limit is 257 MB.';
  mockFetch({ '/api/mm/imports': () => jsonResponse(413, { message, errors: {} }) });
  const onUploaded = vi.fn();
  render(<UploadStep kind="subscribers" onUploaded={onUploaded} pollMs={5} />);
  await dropFile('huge.csv', 'text/csv');
  await waitFor(() => expect(toast).toHaveBeenCalledWith('error', message));
  expect(onUploaded).not.toHaveBeenCalled();
});
