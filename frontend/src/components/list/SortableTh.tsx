import { Group, Table, Text, UnstyledButton } from '@mantine/core';
import type { Sort } from './page-sizes';

interface SortableThProps<Field extends string> {
  label: string;
  field: Field;
  sort: Sort<Field> | undefined;
  onSort: (field: Field) => void;
}

export function SortableTh<Field extends string>({ label, field, sort, onSort }: SortableThProps<Field>) {
  const direction = sort === field ? 'ascending' : sort === `-${field}` ? 'descending' : 'none';
  return (
    <Table.Th aria-sort={direction}>
      <UnstyledButton onClick={() => onSort(field)} data-testid={`sort-${field}`}>
        <Group gap={4} wrap="nowrap">
          <Text fw={700} size="sm">
            {label}
          </Text>
          <Text size="xs" c="dimmed" aria-hidden>
            {direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕'}
          </Text>
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
