import { Anchor, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatNumber } from '../../lib/format';
import { RowActions } from '../../components/list/RowActions';

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
      <RowActions editLabel={`${text.edit} ${segment.name}`} editTo={href} deleteLabel={`${text.delete} ${segment.name}`} onDelete={onDelete}>
        {children}
      </RowActions>
    </Table.Td>
  );
}
