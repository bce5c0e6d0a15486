import { Alert, Button, Group, Skeleton, Stack, Text, Timeline } from '@mantine/core';
import { IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import { useState } from 'react';
import { queryKeys, useApiMutation, useApiQuery } from '../../api/query';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { StatusBadge } from '../../components/StatusBadge';
import { formatClientDateTime } from '../../lib/format';
import { useSession } from '../../lib/session';
import { getProfileHistory, resumeEnrollment, terminateEnrollment, type Enrollment } from './api';
import { workflowMessages as text } from './messages';

const OUTCOME_COLORS: Record<string, string> = { failed: 'red', terminated: 'orange', skipped: 'gray', goalMet: 'green' };

/** One profile's way through the workflow: each step with its time and outcome, and resume or terminate. */
export function EnrollmentHistory({ enrollment, stepNames }: { enrollment: Enrollment; stepNames: Record<string, string> }) {
  const zone = useSession().status?.timeZoneMinutes ?? 0;
  const history = useApiQuery(queryKeys.detail('enrollments', enrollment.id, { history: true }), (signal) => getProfileHistory(enrollment.profileId, enrollment.workflowId, signal));
  const resume = useApiMutation(() => resumeEnrollment(enrollment.id), { invalidates: ['enrollments', 'workflows', 'workflowAnalytics'], success: text.resumed });
  const terminate = useApiMutation(() => terminateEnrollment(enrollment.id), { invalidates: ['enrollments', 'workflows', 'workflowAnalytics'], success: text.terminated1 });
  const [confirming, setConfirming] = useState(false);
  const mine = history.data?.items.find((item) => item.id === enrollment.id);
  const resumable = enrollment.status === 'Failed' || enrollment.status === 'Terminated';

  return (
    <Stack gap="sm" data-testid="enrollment-history">
      <Group justify="space-between">
        <div>
          <Text fw={600}>{enrollment.profileEmail || `#${enrollment.profileId}`}</Text>
          <Text size="xs" c="dimmed">
            {text.enrolledAt}: {formatClientDateTime(enrollment.enrolledAt, zone)}
          </Text>
        </div>
        <StatusBadge family="enrollment" status={enrollment.status} />
      </Group>
      {enrollment.statusMessage ? <Text size="sm">{enrollment.statusMessage}</Text> : null}
      <Group gap="xs">
        {resumable ? (
          <Button size="xs" leftSection={<IconPlayerPlay size={14} aria-hidden />} loading={resume.isPending} onClick={() => resume.mutate(undefined)} data-testid="enrollment-resume">
            {text.resume}
          </Button>
        ) : null}
        {enrollment.status === 'InProcess' ? (
          <Button size="xs" variant="outline" color="red" leftSection={<IconPlayerStop size={14} aria-hidden />} onClick={() => setConfirming(true)} data-testid="enrollment-terminate">
            {text.terminate}
          </Button>
        ) : null}
      </Group>
      {history.error ? <Alert color="red">{history.error}</Alert> : null}
      {history.loading ? (
        <Skeleton h={120} />
      ) : (
        <Timeline bulletSize={14} lineWidth={2} active={(mine?.steps.length ?? 0) - 1}>
          {(mine?.steps ?? []).map((step, index) => (
            <Timeline.Item key={`${step.stepId}-${index}`} color={OUTCOME_COLORS[step.outcome] ?? 'blue'} title={stepNames[step.stepId] ?? step.stepId}>
              <Text size="xs">
                {step.outcome} · {formatClientDateTime(step.at, zone)}
              </Text>
              {step.message ? (
                <Text size="xs" c="dimmed">
                  {step.message}
                </Text>
              ) : null}
            </Timeline.Item>
          ))}
        </Timeline>
      )}
      <ConfirmDialog
        opened={confirming}
        title={text.terminateTitle}
        message={text.terminateConfirm(enrollment.profileEmail || `#${enrollment.profileId}`)}
        busy={terminate.isPending}
        onConfirm={() => terminate.mutate(undefined, { onSettled: () => setConfirming(false) })}
        onCancel={() => setConfirming(false)}
      />
    </Stack>
  );
}
