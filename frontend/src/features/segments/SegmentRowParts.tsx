import { ActionIcon, Anchor, Group, Table, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatNumber } from '../../lib/format';

type Named = { name: string };

/** The segment's name, linking to its builder. */
export function SegmentNameCell({ segment, href }: { segment: Named; href: string }) {
  return (
    <Table.Td>
      <Anchor component={Link} to={href} fw={500}>
        {segment.name}
      </Anchor>
    </Table.Td>
  );
}

/** The count at the last save, or the list's words for a segment not counted yet. */
export function SegmentCountCell({ count, notCounted }: { count: number | null; notCounted: string }) {
  return (
    <Table.Td>
      {count === null ? (
        <Text size="sm" c="dimmed">
          {notCounted}
        </Text>
      ) : (
        formatNumber(count)
      )}
    </Table.Td>
  );
}

/** Edit, then any actions of the list's own (`children`), then delete. */
export function SegmentActionsCell({
  segment,
  href,
  text,
  onDelete,
  children,
}: {
  segment: Named;
  href: string;
  text: { edit: string; delete: string };
  onDelete: () => void;
  children?: ReactNode;
}) {
  return (
    <Table.Td>
      <Group gap={4} wrap="nowrap">
        <ActionIcon variant="subtle" aria-label={`${text.edit} ${segment.name}`} component={Link} to={href}>
          <IconPencil size={18} stroke={1.75} />
        </ActionIcon>
        {children}
        <ActionIcon variant="subtle" color="red" aria-label={`${text.delete} ${segment.name}`} onClick={onDelete}>
          <IconTrash size={18} stroke={1.75} />
        </ActionIcon>
      </Group>
    </Table.Td>
  );
}
