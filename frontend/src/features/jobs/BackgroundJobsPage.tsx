import { Button } from '@mantine/core';
import { IconListCheck } from '@tabler/icons-react';
import { useCallback, useEffect } from 'react';
import { Link } from 'react-router-dom';
import { cancelJob, isActive, listJobs, type Job } from '../../api/jobs';
import { EmptyState } from '../../components/EmptyState';
import { ListPage } from '../../components/list/ListPage';
import { useListQuery } from '../../components/list/useListQuery';
import { paths } from '../../config/paths';
import { toast } from '../../lib/toast';
import { toastError } from '../../lib/toast-error';
import { queryKeys, useApiQuery, useInvalidate } from '../../api/query';
import { messages } from '../../lib/messages';
import { useSession } from '../../lib/session';
import { downloadJobFile, jobFile } from './job-download';
import { JobRow } from './JobRow';

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
    <ListPage
      header={{ title: messages.jobsTitle, description: messages.jobsIntro }}
      list={list}
      query={jobs}
      testId="jobs-table"
      minWidth={720}
      horizontalSpacing={6}
      columns={[
        // The widest share for what the job is; a long address by "Started by" wraps instead.
        { label: messages.jobTitle, width: '30%' },
        { label: messages.jobStatus },
        { label: messages.jobProgress },
        { label: messages.jobCounts },
        { label: messages.jobStartedBy },
        { label: messages.jobCreated },
        { label: messages.jobFinished },
        { label: messages.actions, hideLabel: true },
      ]}
      empty={
        <EmptyState
          icon={<IconListCheck />}
          title={messages.jobsEmpty}
          description={messages.jobsEmptyHint}
          action={
            <Button component={Link} to={paths.profiles.href()} variant="default">
              {messages.goToProfiles}
            </Button>
          }
        />
      }
      renderRow={(job) => (
        <JobRow key={job.id} job={job} timeZoneMinutes={status?.timeZoneMinutes ?? 0} onCancel={(row) => void cancel(row)} onDownload={(row) => void download(row)} />
      )}
    />
  );
}
