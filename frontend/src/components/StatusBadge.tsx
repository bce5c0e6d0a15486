import { Badge } from '@mantine/core';
import { statusLook, type StatusFamily } from '../config/statuses';

/** A status as a badge, with the colour and label of the app's one status map. */
export function StatusBadge({ family, status, size = 'sm' }: { family: StatusFamily; status: string; size?: 'xs' | 'sm' | 'md' }) {
  const { color, label } = statusLook(family, status);
  return (
    <Badge variant="light" color={color} size={size} data-status={status}>
      {label}
    </Badge>
  );
}
