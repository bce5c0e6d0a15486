import { Button } from '@mantine/core';
import { toast } from '../../lib/toast';
import { useCsvExportJob } from '../../lib/use-csv-export-job';
import type { ActivityFilterValues } from './api';
import { exportActivity } from './api';
import { activityMessages as text } from './messages';

/** Exports what the list's filters select as CSV: a background job, whose file downloads once it is written. */
export function ExportActivityButton({ filters }: { filters: ActivityFilterValues }) {
  const { start, busy } = useCsvExportJob({
    startJob: () => exportActivity(filters),
    fileName: 'activity.csv',
    text,
    onStartError: (caught) => toast('error', caught instanceof Error ? caught.message : text.exportFailed),
  });
  return (
    <Button onClick={() => void start()} loading={busy} data-testid="activity-export">
      {busy ? text.exporting : text.exportCsv}
    </Button>
  );
}
