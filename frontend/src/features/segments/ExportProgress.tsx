import { Paper, Progress, Text } from '@mantine/core';
import type { ExportTarget } from './useSegmentExport';
import { segmentMessages as text } from './messages';

/** The running export's progress, while its job runs. */
export function ExportProgress({ target, progress }: { target: ExportTarget | null; progress: number }) {
  if (!target) return null;
  const label = text.exportProgress(target.name, progress);
  return (
    <Paper withBorder p="sm" data-testid="segment-export-progress" role="status">
      <Text size="sm" mb={6}>
        {label}
      </Text>
      <Progress value={progress} animated aria-label={label} />
    </Paper>
  );
}
