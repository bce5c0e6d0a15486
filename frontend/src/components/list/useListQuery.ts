import { useDebouncedValue } from '@mantine/hooks';
import { useCallback, useMemo, useState } from 'react';
import { listDebounceMs, nextSort, type PageSize, type Sort } from './page-sizes';

export type Filters = Record<string, string | undefined>;

interface ListQueryOptions<Field extends string, F extends Filters> {
  sort?: Sort<Field>;
  filters?: F;
}

/**
 * Page, page size, sort, debounced search (spec 9: 700 ms) and filters of a list screen.
 * Any change other than the page itself goes back to page 1.
 */
export function useListQuery<Field extends string = never, F extends Filters = Record<never, never>>({
  sort: initialSort,
  filters: initialFilters,
}: ListQueryOptions<Field, F> = {}) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSizeState] = useState<PageSize>(10);
  const [sort, setSortState] = useState(initialSort);
  const [search, setSearchState] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, listDebounceMs);
  const [filters, setFiltersState] = useState<F>(initialFilters ?? ({} as F));

  const setPageSize = useCallback((value: PageSize) => {
    setPageSizeState(value);
    setPage(1);
  }, []);
  const toggleSort = useCallback((field: Field) => {
    setSortState((current) => nextSort(current, field));
    setPage(1);
  }, []);
  const setSearch = useCallback((value: string) => {
    setSearchState(value);
    setPage(1);
  }, []);
  const setFilter = useCallback(<K extends keyof F>(name: K, value: F[K] | null | undefined) => {
    setFiltersState((current) => ({ ...current, [name]: value || undefined }));
    setPage(1);
  }, []);

  const params = useMemo(
    () => ({ page, pageSize, sort, search: debouncedSearch.trim() || undefined, ...filters }),
    [page, pageSize, sort, debouncedSearch, filters],
  );

  return { page, setPage, pageSize, setPageSize, sort, toggleSort, search, setSearch, filters, setFilter, params };
}
