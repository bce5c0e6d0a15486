import { useDebouncedValue } from '@mantine/hooks';
import { useCallback, useMemo, useState } from 'react';
import { listDebounceMs, nextSort, type PageSize } from './page-sizes';

export type Filters = Record<string, string | undefined>;

/**
 * Page, page size, sort, debounced search (spec 9: 700 ms) and filters of a list screen.
 * Any change other than the page itself goes back to page 1.
 */
export function useListQuery<F extends Filters>(initialSort: string, initialFilters: F) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSizeState] = useState<PageSize>(10);
  const [sort, setSortState] = useState(initialSort);
  const [search, setSearchState] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, listDebounceMs);
  const [filters, setFiltersState] = useState<F>(initialFilters);

  const setPageSize = useCallback((value: PageSize) => {
    setPageSizeState(value);
    setPage(1);
  }, []);
  const toggleSort = useCallback((field: string) => {
    setSortState((current) => nextSort(current, field));
    setPage(1);
  }, []);
  const setSearch = useCallback((value: string) => {
    setSearchState(value);
    setPage(1);
  }, []);
  const setFilter = useCallback((name: keyof F, value: string | undefined) => {
    setFiltersState((current) => ({ ...current, [name]: value || undefined }));
    setPage(1);
  }, []);

  const params = useMemo(
    () => ({ page, pageSize, sort, search: debouncedSearch.trim() || undefined, ...filters }),
    [page, pageSize, sort, debouncedSearch, filters],
  );

  return { page, setPage, pageSize, setPageSize, sort, toggleSort, search, setSearch, filters, setFilter, params };
}
