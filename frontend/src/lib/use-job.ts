import { useEffect, useState } from 'react';
import { getJob, isActive, type Job } from '../api/jobs';

/** Polls a background job every `intervalMs` (1 s by default) until it is Completed, Failed or Cancelled. */
export function useJob(jobId: number | null, intervalMs = 1000): { job: Job | null; error: string | null } {
  const [job, setJob] = useState<Job | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    setJob(null);
    setError(null);
    if (jobId === null) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const answer = await getJob(jobId, controller.signal);
        setJob(answer);
        if (isActive(answer)) timer = setTimeout(() => void poll(), intervalMs);
      } catch (caught) {
        setError(caught instanceof Error ? caught.message : String(caught));
      }
    };
    void poll();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [jobId, intervalMs]);

  return { job, error };
}
