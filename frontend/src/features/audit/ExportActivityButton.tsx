import { Button } from '@mantine/core';
import { useEffect, useState } from 'react';
import { downloadBase64 } from '../../api/jobs';
import { toast } from '../../lib/toast';
import { base64ToBlob, saveBlob } from '../../lib/download';
import { useJob } from '../../lib/use-job';
import type { ActivityFilterValues } from './api';
import { exportActivity } from './api';
import { activityMessages as text } from './messages';

/** Exports what the list's filters select as CSV: a background job, whose file downloads once it is written. */
export function ExportActivityButton({ filters }: { filters: ActivityFilterValues }) {
  const [starting, setStarting] = useState(false);
  const [jobId, setJobId] = useState<number | null>(null);
  const { job, error } = useJob(jobId);

  useEffect(() => {
    if (!job || jobId === null || job.id !== jobId) return;
    if (job.status === 'Completed' && job.fileId) {
      const result = (job.result ?? {}) as Record<string, unknown>;
      const fileName = typeof result.fileName === 'string' ? result.fileName : 'activity.csv';
      setJobId(null);
      downloadBase64(job.fileId, fileName)
        .then((file) => saveBlob(base64ToBlob(file.data, 'text/csv'), file.fileName || fileName))
        .catch((caught: unknown) => toast('error', caught instanceof Error ? caught.message : text.exportFailed));
    } else if (job.status === 'Failed' || job.status === 'Cancelled') {
      setJobId(null);
      toast('error', job.message || text.exportFailed);
    }
  }, [job, jobId]);

  useEffect(() => {
    if (error === null) return;
    setJobId(null);
    toast('error', error);
  }, [error]);

  const start = async () => {
    setStarting(true);
    try {
      const started = await exportActivity(filters);
      setJobId(started.jobId);
      toast('info', text.exportStarted);
    } catch (caught) {
      toast('error', caught instanceof Error ? caught.message : text.exportFailed);
    } finally {
      setStarting(false);
    }
  };

  const busy = starting || jobId !== null;
  return (
    <Button onClick={() => void start()} loading={busy} data-testid="activity-export">
      {busy ? text.exporting : text.exportCsv}
    </Button>
  );
}
