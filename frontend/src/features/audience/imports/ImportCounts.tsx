import { Group, Text } from '@mantine/core';
import { formatNumber } from '../../../lib/format';
import { messages } from '../../../lib/messages';
import type { ImportSummary } from './api';

export function ImportCounts({ summary }: { summary: ImportSummary }) {
  const counts = [
    ['inserted', messages.rowsInserted, summary.rowsInserted],
    ['updated', messages.rowsUpdated, summary.rowsUpdated],
    ['invalid', messages.rowsInvalid, summary.rowsInvalid],
    ['duplicate', messages.rowsDuplicate, summary.rowsDuplicate],
  ] as const;
  return (
    <Group gap="xl">
      {counts.map(([key, label, value]) => (
        <div key={key} data-testid={`import-count-${key}`}>
          <Text size="sm" c="dimmed">
            {label}
          </Text>
          <Text fw={700}>{formatNumber(value)}</Text>
        </div>
      ))}
    </Group>
  );
}
