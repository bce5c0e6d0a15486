import { Button, Group, Progress, Stack, Table, Text } from '@mantine/core';
import { IconDownload, IconListCheck, IconX } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { EmptyState } from '../../components/EmptyState';
import { paths } from '../../config/paths';
import { isActive, type Job } from '../../api/jobs';
import { DataTable } from '../../components/list/DataTable';
import { StatusBadge } from '../../components/StatusBadge';
import { formatClientDateTime, formatNumber } from '../../lib/format';
import { messages } from '../../lib/messages';
import { jobFile } from './job-download';

interface JobsTableProps {
  rows: Job[];
  /** The first answer has not come yet: no empty state. */
  loading: boolean;
  timeZoneMinutes: number;
  onCancel: (job: Job) => void;
  onDownload: (job: Job) => void;
}

export function JobsTable({ rows, loading, timeZoneMinutes, onCancel, onDownload }: JobsTableProps) {
  const when = (iso: string | null) => formatClientDateTime(iso, timeZoneMinutes);
  return (
    <DataTable
      testId="jobs-table"
      minWidth={720}
      horizontalSpacing={6}
      columnCount={8}
      empty={
        loading ? null : (
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
        )
      }
      head={
        <>
          {/* The widest share for what the job is; a long address by "Started by" wraps instead. */}
          <Table.Th w="30%">{messages.jobTitle}</Table.Th>
          <Table.Th>{messages.jobStatus}</Table.Th>
          <Table.Th>{messages.jobProgress}</Table.Th>
          <Table.Th>{messages.jobCounts}</Table.Th>
          <Table.Th>{messages.jobStartedBy}</Table.Th>
          <Table.Th>{messages.jobCreated}</Table.Th>
          <Table.Th>{messages.jobFinished}</Table.Th>
          <Table.Th />
        </>
      }
      rows={rows}
      renderRow={(job) => (
        <Table.Tr key={job.id} data-testid={`job-row-${job.id}`}>
          {/* The kind above the title, not a column of its own; a title or message may hold an address
              or a file name, which breaks anywhere rather than widen the table (it fits from 1024 px wide). */}
          <Table.Td style={{ overflowWrap: 'anywhere' }}>
            <Text size="xs" c="dimmed">
              {job.kindLabel}
            </Text>
            <Text size="sm">{job.title}</Text>
            {job.message && (
              <Text size="xs" c="dimmed">
                {job.message}
              </Text>
            )}
          </Table.Td>
          <Table.Td>
            <StatusBadge family="job" status={job.status} />
          </Table.Td>
          <Table.Td>
            {/* The percentage under its bar, so that the column stays narrow (the screen fits from 1024 px wide). */}
            <Stack gap={2}>
              <Progress value={job.progress} w={56} aria-label={messages.jobProgress} />
              <Text size="xs">{`${job.progress}%`}</Text>
            </Stack>
          </Table.Td>
          <Table.Td>{`${formatNumber(job.succeeded)} / ${formatNumber(job.failed)}`}</Table.Td>
          <Table.Td style={{ overflowWrap: 'anywhere' }}>{job.startedBy}</Table.Td>
          <Table.Td>{when(job.createdAt)}</Table.Td>
          <Table.Td>{when(job.finishedAt)}</Table.Td>
          <Table.Td>
            {/* Stacked, so the last column stays narrow: the screen fits from 1024 px wide. */}
            <Group gap={4} wrap="wrap">
              {isActive(job) && job.cancellable && !job.cancelRequested && (
                <Button size="compact-xs" variant="light" color="red" leftSection={<IconX size={14} />} onClick={() => onCancel(job)} data-testid={`cancel-job-${job.id}`}>
                  {messages.cancelJob}
                </Button>
              )}
              {jobFile(job) && (
                <Button size="compact-xs" variant="light" leftSection={<IconDownload size={14} />} onClick={() => onDownload(job)} data-testid={`download-job-${job.id}`}>
                  {messages.download}
                </Button>
              )}
            </Group>
          </Table.Td>
        </Table.Tr>
      )}
    />
  );
}
