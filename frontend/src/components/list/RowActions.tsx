import { ActionIcon, Group, type GroupProps } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

interface RowActionsProps {
  /** The edit button's accessible name ("Edit Spring news", "Rename VIP"); no name, no button. */
  editLabel?: string;
  /** What the edit button does: opens a form here, or goes to the item's own screen. */
  onEdit?: () => void;
  editTo?: string;
  /** The delete button's accessible name; no name (an item that cannot be deleted), no button. */
  deleteLabel?: string;
  onDelete?: () => void;
  /** A row's own actions, drawn between edit and delete. */
  children?: ReactNode;
  /** 'flex-end' in a right-aligned last column. */
  justify?: GroupProps['justify'];
}

/** The edit and delete icons at the end of a list row, the same on every list. */
export function RowActions({ editLabel, onEdit, editTo, deleteLabel, onDelete, children, justify }: RowActionsProps) {
  return (
    <Group gap={4} wrap="nowrap" justify={justify}>
      {editLabel !== undefined &&
        (editTo !== undefined ? (
          <ActionIcon variant="subtle" aria-label={editLabel} component={Link} to={editTo}>
            <IconPencil size={18} stroke={1.75} aria-hidden />
          </ActionIcon>
        ) : (
          <ActionIcon variant="subtle" aria-label={editLabel} onClick={onEdit}>
            <IconPencil size={18} stroke={1.75} aria-hidden />
          </ActionIcon>
        ))}
      {children}
      {deleteLabel !== undefined && (
        <ActionIcon variant="subtle" color="red" aria-label={deleteLabel} onClick={onDelete}>
          <IconTrash size={18} stroke={1.75} aria-hidden />
        </ActionIcon>
      )}
    </Group>
  );
}
