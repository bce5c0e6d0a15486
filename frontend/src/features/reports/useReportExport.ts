import { useEffect, useState } from 'react';
import { downloadBase64 } from '../../api/jobs';
import { base64ToBlob, saveBlob } from '../../lib/download';
import { toast } from '../../lib/toast';
import { toastError } from '../../lib/toast-error';
import { useJob } from '../../lib/use-job';
import { exportReportRecipients, type Outcome } from './api';
import { reportMessages as text } from './messages';

/**
 * A recipient list's CSV export (a background job, spec 9: at most 200,000 records): started,
 * followed every second, and its file fetched with downloadBase64 once written.
 */
export function useReportExport(campaignId: number) {
  const [jobId, setJobId] = useState<number | null>(null);
  const [starting, setStarting] = useState(false);
  const { job, error } = useJob(jobId);

  useEffect(() => {
    if (!job || jobId === null || job.id !== jobId) return;
    if (job.status === 'Completed' && job.fileId) {
      const result = (job.result ?? {}) as Record<string, unknown>;
      const fileName = typeof result.fileName === 'string' && result.fileName ? result.fileName : 'recipients.csv';
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

  const start = async (outcome: Outcome) => {
    setStarting(true);
    try {
      const started = await exportReportRecipients(campaignId, outcome);
      setJobId(started.jobId);
      toast('info', text.exportStarted);
    } catch (caught) {
      toastError(caught);
    } finally {
      setStarting(false);
    }
  };

  return { start, busy: starting || jobId !== null };
}
