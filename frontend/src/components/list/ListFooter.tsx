import { Group, Pagination, Select, Text } from '@mantine/core';
import { formatNumber } from '../../lib/format';
import { messages } from '../../lib/messages';
import { pageSizes, type PageSize } from './page-sizes';

interface ListFooterProps {
  total: number;
  page: number;
  pageSize: PageSize;
  onPage: (page: number) => void;
  onPageSize: (pageSize: PageSize) => void;
}

export function ListFooter({ total, page, pageSize, onPage, onPageSize }: ListFooterProps) {
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
          {`${formatNumber(first)}–${formatNumber(last)} of ${formatNumber(total)}`}
        </Text>
      </Group>
      <Pagination total={pages} value={page} onChange={onPage} size="sm" />
    </Group>
  );
}
