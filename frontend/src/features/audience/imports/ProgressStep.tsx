import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { isActive } from '../../../api/jobs';
import { statusLook } from '../../../config/statuses';
import { messages } from '../../../lib/messages';
import { useJob } from '../../../lib/use-job';
import type { ImportSummary } from './api';
import { getImport } from './api';
import { ErrorReportButton } from './ErrorReportButton';
import { ImportCounts } from './ImportCounts';

interface ProgressStepProps {
  importId: number;
  jobId: number;
  /** Called once the job ends, with its status (Completed, Failed, Cancelled). */
  onFinished: (status: string) => void;
  onRestart: () => void;
}

/** Follows the import's job every second; once it ends, shows the import's counts. */
export function ProgressStep({ importId, jobId, onFinished, onRestart }: ProgressStepProps) {
  const { job, error } = useJob(jobId);
  const [summary, setSummary] = useState<ImportSummary | null>(null);
  const finished = job !== null && !isActive(job);
  // Called once when the job ends, whatever closure the parent passes on later renders.
  const finishedRef = useRef(onFinished);
  finishedRef.current = onFinished;

  const endStatus = finished ? job.status : null;
  useEffect(() => {
    if (!endStatus) return;
    const controller = new AbortController();
    getImport(importId, controller.signal).then(setSummary, () => undefined);
    finishedRef.current(endStatus);
    return () => controller.abort();
  }, [endStatus, importId]);

  const progress = job?.progress ?? 0;
  return (
    <Stack>
      <Group justify="space-between">
        <Text data-testid="import-status">{job ? (finished ? messages.importFinished(statusLook('job', job.status).label) : statusLook('job', job.status).label) : ''}</Text>
        <Text data-testid="import-progress">{`${progress}%`}</Text>
      </Group>
      <Progress value={progress} size="lg" animated={!finished} color={job?.status === 'Failed' ? 'red' : undefined} aria-label={messages.jobProgress} />
      {error && <Alert color="red">{error}</Alert>}
      {job?.message && (
        <Text size="sm" data-testid="import-message">
          {job.message}
        </Text>
      )}
      {summary && <ImportCounts summary={summary} />}
      <Group>
        {summary?.hasErrors && <ErrorReportButton importId={importId} />}
        {finished && (
          <Button variant="default" onClick={onRestart} data-testid="new-import">
            {messages.newImport}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
