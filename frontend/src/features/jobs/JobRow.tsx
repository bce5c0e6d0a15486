import { Button, Group, Progress, Stack, Table, Text } from '@mantine/core';
import { IconDownload, IconX } from '@tabler/icons-react';
import { isActive, type Job } from '../../api/jobs';
import { StatusBadge } from '../../components/StatusBadge';
import { formatClientDateTime, formatNumber } from '../../lib/format';
import { messages } from '../../lib/messages';
import { jobFile } from './job-download';

interface JobRowProps {
  job: Job;
  timeZoneMinutes: number;
  onCancel: (job: Job) => void;
  onDownload: (job: Job) => void;
}

/** One row of Background Jobs (the columns are BackgroundJobsPage's). */
export function JobRow({ job, timeZoneMinutes, onCancel, onDownload }: JobRowProps) {
  const when = (iso: string | null) => formatClientDateTime(iso, timeZoneMinutes);
  return (
    <Table.Tr data-testid={`job-row-${job.id}`}>
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
  );
}
