import { Group, Table, Text, UnstyledButton } from '@mantine/core';

interface SortableThProps {
  label: string;
  field: string;
  sort: string;
  onSort: (field: string) => void;
}

export function SortableTh({ label, field, sort, onSort }: SortableThProps) {
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
