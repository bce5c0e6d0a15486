import { act, renderHook } from '@testing-library/react';
import { nextSort } from './page-sizes';
import { useListQuery } from './useListQuery';

test('a column sorts ascending, then descending, then ascending again; another column starts ascending', () => {
  expect(nextSort<'email' | 'createdAt'>('-createdAt', 'email')).toBe('email');
  expect(nextSort('email', 'email')).toBe('-email');
  expect(nextSort('-email', 'email')).toBe('email');
  expect(nextSort(undefined, 'email')).toBe('email');
});

test('sorting, page size and filters go back to page 1; the page itself is kept otherwise', () => {
  const { result } = renderHook(() =>
    useListQuery<'email' | 'createdAt', { groupId?: string }>({ sort: '-createdAt', filters: { groupId: undefined } }),
  );
  expect(result.current.params).toEqual({ page: 1, pageSize: 10, sort: '-createdAt', search: undefined, groupId: undefined });

  act(() => result.current.setPage(3));
  expect(result.current.params.page).toBe(3);
  act(() => result.current.toggleSort('email'));
  expect(result.current.params).toMatchObject({ page: 1, sort: 'email' });

  act(() => result.current.setPage(2));
  act(() => result.current.setPageSize(30));
  expect(result.current.params).toMatchObject({ page: 1, pageSize: 30 });

  act(() => result.current.setPage(2));
  act(() => result.current.setFilter('groupId', '7'));
  expect(result.current.params).toMatchObject({ page: 1, groupId: '7' });
  act(() => result.current.setFilter('groupId', ''));
  expect(result.current.params.groupId).toBeUndefined();
});

test('a list without an order sends none', () => {
  const { result } = renderHook(() => useListQuery());
  expect(result.current.params).toEqual({ page: 1, pageSize: 10, sort: undefined, search: undefined });
});

test('the search reaches the query 700 ms after the last keystroke, trimmed', () => {
  vi.useFakeTimers();
  const { result } = renderHook(() => useListQuery({ sort: 'name' }));
  act(() => result.current.setSearch(' ann'));
  act(() => vi.advanceTimersByTime(400));
  act(() => result.current.setSearch(' anna '));
  act(() => vi.advanceTimersByTime(699));
  expect(result.current.params.search).toBeUndefined();
  expect(result.current.search).toBe(' anna ');
  act(() => vi.advanceTimersByTime(1));
  expect(result.current.params.search).toBe('anna');
});
