import { Group, Pagination, Select, Text } from '@mantine/core';
import type { PageCount } from '../../api/types';
import { formatNumber } from '../../lib/format';
import { messages } from '../../lib/messages';
import { pageSizes, type PageSize } from './page-sizes';

interface ListFooterProps {
  /** The list's latest answer (null before the first): its total and whether that total is an estimate. */
  answer: PageCount | null | undefined;
  page: number;
  pageSize: PageSize;
  onPage: (page: number) => void;
  onPageSize: (pageSize: PageSize) => void;
}

const controlLabels = {
  first: messages.firstPage,
  previous: messages.previousPage,
  next: messages.nextPage,
  last: messages.lastPage,
} as const;

export function ListFooter({ answer, page, pageSize, onPage, onPageSize }: ListFooterProps) {
  const total = answer?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <Group justify="space-between" mt="md">
      <Group gap="xs">
        <Text size="sm">{messages.rowsPerPage}</Text>
        <Select
          aria-label={messages.rowsPerPage}
          w={80}
          size="xs"
          allowDeselect={false}
          data={pageSizes.map(String)}
          value={String(pageSize)}
          onChange={(value) => value && onPageSize(Number(value) as PageSize)}
        />
        <Text size="sm" c="dimmed" data-testid="list-range">
          {messages.listRange(formatNumber(first), formatNumber(last), formatNumber(total), answer?.totalIsEstimate ?? false)}
        </Text>
      </Group>
      <nav aria-label={messages.pages}>
        <Pagination
          total={pages}
          value={page}
          onChange={onPage}
          size="sm"
          getControlProps={(control) => ({ 'aria-label': controlLabels[control] })}
        />
      </nav>
    </Group>
  );
}
