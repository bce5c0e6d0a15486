import { Grid, Stack, Table, TextInput, VisuallyHidden } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { ApiQuery } from '../../api/query';
import type { PageCount } from '../../api/types';
import { ConfirmDialog } from '../ConfirmDialog';
import { PageHeader } from '../PageHeader';
import { DataTable } from './DataTable';
import { ListFooter } from './ListFooter';
import type { PageSize, Sort } from './page-sizes';
import { SortableTh } from './SortableTh';

/** A column of a list: its header's label and, when the API sorts by it, its sort field. */
export interface ListColumn<Field extends string> {
  label: string;
  sort?: Field;
  /** A label for assistive technology only (the actions column of a row menu). */
  hideLabel?: boolean;
  /** A header that never wraps (a short actions column). */
  nowrap?: boolean;
  /** Left out (a column shown on one tab only). */
  hidden?: boolean;
  /** The column's share of the table (the widest for what a row is, so that it is not squeezed at 1024 px). */
  width?: string;
}

/** What the scaffold reads of `useListQuery`: the page, its size, the order and the search box. */
interface ListState<Field extends string> {
  page: number;
  setPage: (page: number) => void;
  pageSize: PageSize;
  setPageSize: (pageSize: PageSize) => void;
  sort: Sort<Field> | undefined;
  toggleSort: (field: Field) => void;
  search: string;
  setSearch: (value: string) => void;
  params: { search?: string };
}

interface ListPageProps<T, Field extends string> {
  /** The page header (UI.md): title, one line of purpose, the primary action last. Left out when the list sits in a tab. */
  header?: { title: string; description: string; actions?: ReactNode };
  list: ListState<Field>;
  /** The list's answer through the query cache. */
  query: ApiQuery<PageCount & { items: T[] }>;
  /** The search box (spec 9: debounced 700 ms by useListQuery), when the list has one. */
  search?: { label: string; testId: string; width?: number };
  /** Shown between the search box and the table (filters, a progress line). */
  above?: ReactNode;
  testId: string;
  columns: ListColumn<Field>[];
  renderRow: (row: T) => ReactNode;
  /** Below this width the table scrolls inside its own box (UI.md: 1024 px). */
  minWidth?: number;
  horizontalSpacing?: number;
  /** The empty state of a list with nothing yet: what it will hold and the way to start it. */
  empty: ReactNode;
  /** The empty state while a search (or a filter) finds nothing. */
  noMatch?: ReactNode;
  /** Whether filters narrow the list (the search box always counts). */
  filtered?: boolean;
  /** The delete confirmation naming the object and the consequence (useCrudActions' confirmProps). */
  confirm?: Parameters<typeof ConfirmDialog>[0];
  /** A panel beside the list (a third of the width on large screens). */
  aside?: ReactNode;
  /** Dialogs of the page (the create and edit forms). */
  children?: ReactNode;
}

/**
 * The one list-page scaffold (UI.md's table rules): the header, the debounced search, a table
 * with sortable headers and a sticky header row, the empty state (or the no-match state while
 * searching), the footer with the spec's page sizes and "about N" totals, and the delete
 * confirmation.
 */
export function ListPage<T, Field extends string = never>(props: ListPageProps<T, Field>) {
  const { header, list, query, search, above, testId, columns, renderRow, minWidth, horizontalSpacing, empty, noMatch, filtered, confirm, aside, children } = props;
  const shown = columns.filter((column) => !column.hidden);
  const body = (
    <>
      {search && (
        <TextInput
          label={search.label}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={list.search}
          onChange={(event) => list.setSearch(event.currentTarget.value)}
          w={search.width ?? 280}
          data-testid={search.testId}
        />
      )}
      {above}
      <DataTable
        testId={testId}
        highlightOnHover
        loading={query.loading}
        error={query.error}
        columnCount={shown.length}
        minWidth={minWidth}
        horizontalSpacing={horizontalSpacing}
        head={shown.map((column) =>
          column.sort ? (
            <SortableTh key={column.label} label={column.label} field={column.sort} sort={list.sort} onSort={list.toggleSort} />
          ) : (
            <Table.Th key={column.label} w={column.width} style={column.nowrap ? { whiteSpace: 'nowrap' } : undefined}>
              {column.hideLabel ? <VisuallyHidden>{column.label}</VisuallyHidden> : column.label}
            </Table.Th>
          ),
        )}
        empty={(filtered || list.params.search) && noMatch ? noMatch : empty}
        rows={query.data?.items ?? []}
        renderRow={renderRow}
      />
      <ListFooter answer={query.data} page={list.page} pageSize={list.pageSize} onPage={list.setPage} onPageSize={list.setPageSize} />
    </>
  );
  return (
    <Stack>
      {header && <PageHeader title={header.title} description={header.description} actions={header.actions} />}
      {aside ? (
        <Grid>
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <Stack>{body}</Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }}>{aside}</Grid.Col>
        </Grid>
      ) : (
        body
      )}
      {children}
      {confirm && <ConfirmDialog {...confirm} />}
    </Stack>
  );
}
