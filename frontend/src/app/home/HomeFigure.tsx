import { Text } from '@mantine/core';

/** A figure of a sent campaign on the home dashboard: its label over its value. */
export function HomeFigure({ label, value }: { label: string; value: string }) {
  return (
    <div style={{ textAlign: 'right' }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} size="sm">
        {value}
      </Text>
    </div>
  );
}
