import { useEffect, useState } from 'react';
import { downloadBase64 } from '../../api/jobs';
import { base64ToBlob, saveBlob } from '../../lib/download';
import { toast } from '../../lib/toast';
import { toastError } from '../../lib/toast-error';
import { useJob } from '../../lib/use-job';
import { exportSegment } from './api';
import { segmentMessages as text } from './messages';

export interface ExportTarget {
  id: number;
  name: string;
}

/**
 * A segment's export (a background job, spec 9: at most 200,000 records): started, followed
 * every second, and its CSV downloaded once written; one export at a time per screen.
 */
export function useSegmentExport() {
  const [target, setTarget] = useState<ExportTarget | null>(null);
  const [jobId, setJobId] = useState<number | null>(null);
  const [starting, setStarting] = useState(false);
  const { job, error } = useJob(jobId);

  useEffect(() => {
    if (!job || jobId === null || job.id !== jobId) return;
    const finish = () => {
      setJobId(null);
      setTarget(null);
    };
    if (job.status === 'Completed' && job.fileId) {
      const result = (job.result ?? {}) as Record<string, unknown>;
      const fileName = typeof result.fileName === 'string' && result.fileName ? result.fileName : 'segment.csv';
      finish();
      downloadBase64(job.fileId, fileName)
        .then((file) => saveBlob(base64ToBlob(file.data, 'text/csv'), file.fileName || fileName))
        .catch((caught: unknown) => toast('error', caught instanceof Error ? caught.message : text.exportFailed));
    } else if (job.status === 'Failed' || job.status === 'Cancelled') {
      finish();
      toast('error', job.message || text.exportFailed);
    }
  }, [job, jobId]);

  useEffect(() => {
    if (error === null) return;
    setJobId(null);
    setTarget(null);
    toast('error', error);
  }, [error]);

  const start = async (segment: ExportTarget) => {
    setStarting(true);
    setTarget(segment);
    try {
      const started = await exportSegment(segment.id);
      setJobId(started.jobId);
      toast('info', text.exportStarted);
    } catch (caught) {
      setTarget(null);
      toastError(caught);
    } finally {
      setStarting(false);
    }
  };

  const busy = starting || jobId !== null;
  const progress = job && job.id === jobId ? job.progress : 0;
  return { start, busy, target: busy ? target : null, progress };
}
