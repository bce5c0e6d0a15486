import { Group, Table, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import type { Sort } from './page-sizes';

interface SortableThProps<Field extends string> {
  label: string;
  field: Field;
  sort: Sort<Field> | undefined;
  onSort: (field: Field) => void;
}

const sortIcons = { ascending: IconChevronUp, descending: IconChevronDown, none: IconSelector };

/** The header's direction as an icon; the Th's aria-sort says it to assistive technology. */
function SortIcon({ direction }: { direction: keyof typeof sortIcons }) {
  const Icon = sortIcons[direction];
  return <Icon size={14} stroke={1.75} aria-hidden color="var(--mantine-color-dimmed)" />;
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
          <SortIcon direction={direction} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
