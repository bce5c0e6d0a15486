import { Card, Table, TextInput, Title } from '@mantine/core';
import { IconSearch, IconWorld } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { EmptyState } from '../../../components/EmptyState';
import { DataTable } from '../../../components/list/DataTable';
import { ListFooter } from '../../../components/list/ListFooter';
import type { PageSize, Sort } from '../../../components/list/page-sizes';
import { SortableTh } from '../../../components/list/SortableTh';
import { formatNumber } from '../../../lib/format';
import type { ConversionPage } from './api';
import { rate } from './ConversionCharts';
import { formReportMessages as text } from './messages';

type Field = 'page' | 'views' | 'submissions' | 'confirmed';

function compare(field: Field) {
  return (a: ConversionPage, b: ConversionPage) => (field === 'page' ? a.page.localeCompare(b.page) : a[field] - b[field]);
}

/** The period's source pages (the server's 50 busiest): searched, sorted and paged here. A page
 * address is what a visitor's browser sent: shown as text, never as a link. */
export function SourcePageTable({ pages }: { pages: ConversionPage[] }) {
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<Sort<Field>>('-submissions');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<PageSize>(10);
  const rows = useMemo(() => {
    const field = sort.replace('-', '') as Field;
    const found = pages.filter((row) => row.page.toLowerCase().includes(search.trim().toLowerCase()));
    const sorted = [...found].sort(compare(field));
    return sort.startsWith('-') ? sorted.reverse() : sorted;
  }, [pages, search, sort]);
  const shown = rows.slice((page - 1) * pageSize, page * pageSize);
  const toggle = (field: Field) => {
    setSort((current) => (current === field ? `-${field}` : field));
    setPage(1);
  };
  return (
    <Card withBorder padding="md">
      <Title order={2} size="h4" mb="sm">
        {text.byPageTitle}
      </Title>
      <TextInput
        aria-label={text.searchPages}
        placeholder={text.searchPages}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
        maw={320}
        mb="sm"
        data-testid="conversions-page-search"
      />
      <DataTable
        testId="conversions-pages"
        columnCount={5}
        rows={shown}
        head={
          <>
            <SortableTh label={text.sourcePage} field="page" sort={sort} onSort={toggle} />
            <SortableTh label={text.views} field="views" sort={sort} onSort={toggle} />
            <SortableTh label={text.submissions} field="submissions" sort={sort} onSort={toggle} />
            <SortableTh label={text.confirmed} field="confirmed" sort={sort} onSort={toggle} />
            <Table.Th>{text.conversionRate}</Table.Th>
          </>
        }
        renderRow={(row) => (
          <Table.Tr key={row.page} data-testid="conversions-page-row">
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.page || text.noPage}</Table.Td>
            <Table.Td>{formatNumber(row.views)}</Table.Td>
            <Table.Td>{formatNumber(row.submissions)}</Table.Td>
            <Table.Td>{formatNumber(row.confirmed)}</Table.Td>
            <Table.Td>{rate(row.submissions, row.views)}</Table.Td>
          </Table.Tr>
        )}
        empty={<EmptyState icon={<IconWorld />} title={text.noPagesYet} description={text.noPagesHint} testId="conversions-pages-empty" />}
      />
      <ListFooter
        answer={{ total: rows.length, totalIsEstimate: false }}
        page={page}
        pageSize={pageSize}
        onPage={setPage}
        onPageSize={(size) => {
          setPageSize(size);
          setPage(1);
        }}
      />
    </Card>
  );
}
