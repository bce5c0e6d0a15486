import { useEffect, useState } from 'react';
import { downloadBase64 } from '../api/jobs';
import { base64ToBlob, saveBlob } from './download';
import { toast } from './toast';
import { useJob } from './use-job';

interface CsvExportJobOptions<A extends unknown[]> {
  /** Starts the export job on the server. */
  startJob: (...args: A) => Promise<{ jobId: number }>;
  /** The file's name when the job does not give one. */
  fileName: string;
  text: { exportStarted: string; exportFailed: string };
  /** How a refused start is told (the feature's own error toast). */
  onStartError: (caught: unknown) => void;
}

/**
 * A CSV export run as a background job: started, followed with useJob, and its file
 * fetched with downloadBase64 (gated like the export on the server) once written.
 */
export function useCsvExportJob<A extends unknown[]>({ startJob, fileName, text, onStartError }: CsvExportJobOptions<A>) {
  const [jobId, setJobId] = useState<number | null>(null);
  const [starting, setStarting] = useState(false);
  const { job, error } = useJob(jobId);

  useEffect(() => {
    if (!job || jobId === null || job.id !== jobId) return;
    if (job.status === 'Completed' && job.fileId) {
      const result = (job.result ?? {}) as Record<string, unknown>;
      const name = typeof result.fileName === 'string' && result.fileName ? result.fileName : fileName;
      setJobId(null);
      downloadBase64(job.fileId, name)
        .then((file) => saveBlob(base64ToBlob(file.data, 'text/csv'), file.fileName || name))
        .catch((caught: unknown) => toast('error', caught instanceof Error ? caught.message : text.exportFailed));
    } else if (job.status === 'Failed' || job.status === 'Cancelled') {
      setJobId(null);
      toast('error', job.message || text.exportFailed);
    }
  }, [job, jobId, fileName, text]);

  useEffect(() => {
    if (error === null) return;
    setJobId(null);
    toast('error', error);
  }, [error]);

  const start = async (...args: A) => {
    setStarting(true);
    try {
      const started = await startJob(...args);
      setJobId(started.jobId);
      toast('info', text.exportStarted);
    } catch (caught) {
      onStartError(caught);
    } finally {
      setStarting(false);
    }
  };

  return { start, busy: starting || jobId !== null };
}
