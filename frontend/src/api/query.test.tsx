import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '../lib/toast';
import { jsonResponse, mockFetch } from '../test-utils/fetch';
import { render } from '../test-utils/render';
import { api, call } from './client';
import { queryKeys, useApiMutation, useApiQuery } from './query';

vi.mock('../lib/toast', () => ({ toast: vi.fn() }));
afterEach(() => vi.mocked(toast).mockClear());

function TagCount() {
  const tags = useApiQuery(queryKeys.list('tags'), (signal) => call(api.GET('/api/mm/tags', { params: { query: {} }, signal })));
  const create = useApiMutation((name: string) => call(api.POST('/api/mm/tags', { body: { name } })), { invalidates: ['tags'], success: 'Saved' });
  return (
    <>
      <div data-testid="count">{tags.loading ? 'loading' : (tags.error ?? String(tags.data?.total))}</div>
      <button onClick={() => void create.mutateAsync('news').catch(() => undefined)}>add</button>
    </>
  );
}

test('a write invalidates the resources it names: the list on screen refetches by itself', async () => {
  let total = 1;
  const fetchMock = mockFetch({
    '/api/mm/tags': () => jsonResponse(200, { items: [], total: total++, page: 1, pageSize: 10 }),
  });
  render(<TagCount />);
  expect(await screen.findByText('1')).toBeInTheDocument();
  fetchMock.mockImplementationOnce(async () => jsonResponse(201, { id: 1, name: 'news' }));
  await userEvent.click(screen.getByRole('button', { name: 'add' }));
  expect(await screen.findByText('2')).toBeInTheDocument();
  expect(toast).toHaveBeenCalledWith('success', 'Saved');
});

test('a failed read shows its message without retrying; a failed write toasts the error', async () => {
  const fetchMock = mockFetch({ '/api/mm/tags': () => jsonResponse(400, { message: 'Nope' }) });
  render(<TagCount />);
  expect(await screen.findByText('Nope')).toBeInTheDocument();
  expect(fetchMock).toHaveBeenCalledTimes(1);
  await userEvent.click(screen.getByRole('button', { name: 'add' }));
  await waitFor(() => expect(toast).toHaveBeenCalledWith('error', 'Nope'));
});
