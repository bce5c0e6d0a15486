import { Alert, Stack } from '@mantine/core';
import { PageHeader } from '../../components/PageHeader';
import { useCallback, useEffect } from 'react';
import { cancelJob, isActive, listJobs, type Job } from '../../api/jobs';
import { toast } from '../../lib/toast';
import { toastError } from '../../lib/toast-error';
import { ListFooter } from '../../components/list/ListFooter';
import { useListQuery } from '../../components/list/useListQuery';
import { queryKeys, useApiQuery, useInvalidate } from '../../api/query';
import { messages } from '../../lib/messages';
import { useSession } from '../../lib/session';
import { downloadJobFile, jobFile } from './job-download';
import { JobsTable } from './JobsTable';

export const jobsRefreshMs = 3000;

/** Every background job of the client; refreshed every 3 s while one of them is still running. */
export default function BackgroundJobsPage() {
  const { status } = useSession();
  const list = useListQuery();
  const jobs = useApiQuery(queryKeys.list('jobs', { page: list.page, pageSize: list.pageSize }), (signal) => listJobs({ page: list.page, pageSize: list.pageSize }, signal));
  const rows = jobs.data?.items ?? [];
  const anyActive = rows.some(isActive);
  const invalidate = useInvalidate();
  // Polled while a job runs; a cancel invalidates the list at once.
  const reload = useCallback(() => void invalidate('jobs'), [invalidate]);

  useEffect(() => {
    if (!anyActive) return;
    const timer = setInterval(reload, jobsRefreshMs);
    return () => clearInterval(timer);
  }, [anyActive, reload]);

  const cancel = async (job: Job) => {
    try {
      await cancelJob(job.id);
      toast('info', messages.jobCancelRequested);
      reload();
    } catch (error) {
      toastError(error);
    }
  };

  const download = async (job: Job) => {
    const file = jobFile(job);
    if (!file) return;
    try {
      await downloadJobFile(file);
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <Stack>
      <PageHeader title={messages.jobsTitle} description={messages.jobsIntro} />
      {jobs.error && <Alert color="red">{jobs.error}</Alert>}
      <JobsTable rows={rows} loading={jobs.loading} timeZoneMinutes={status?.timeZoneMinutes ?? 0} onCancel={(job) => void cancel(job)} onDownload={(job) => void download(job)} />
      <ListFooter answer={jobs.data} page={list.page} pageSize={list.pageSize} onPage={list.setPage} onPageSize={list.setPageSize} />
    </Stack>
  );
}
