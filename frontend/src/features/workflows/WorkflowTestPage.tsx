import { Alert, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconFlask, IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { queryKeys, useApiQuery } from '../../api/query';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { getWorkflow, testWorkflow } from './api';
import { DryRunEmails } from './DryRunEmails';
import { DryRunPath } from './DryRunPath';
import { workflowMessages as text } from './messages';
import { TestProfileSelect } from './TestProfileSelect';
import { WorkflowSelect } from './WorkflowSelect';

interface Run {
  workflowId: number;
  profileId: number;
  /** Each click runs again (the draft may have changed): its own cache entry. */
  count: number;
}

/** /WorkflowTest (spec 2.4, a layout page): a dry run of a workflow for a chosen profile, the
 * path it would take and the emails it would send, without sending anything. ?id= preselects a workflow. */
export default function WorkflowTestPage() {
  const [searchParams] = useSearchParams();
  const raw = searchParams.get('id');
  const linked = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  const [workflowId, setWorkflowId] = useState<number | null>(linked);
  const [profileId, setProfileId] = useState<number | null>(null);
  const [run, setRun] = useState<Run | null>(null);

  const initial = useApiQuery(queryKeys.detail('workflows', linked), (signal) => getWorkflow(linked as number, signal), { enabled: linked !== null, keepPrevious: false });
  const result = useApiQuery(
    queryKeys.detail('workflows', run?.workflowId ?? null, { testProfileId: run?.profileId, run: run?.count }),
    (signal) => testWorkflow(run!.workflowId, run!.profileId, signal),
    { enabled: run !== null, keepPrevious: false },
  );
  const ready = workflowId !== null && profileId !== null;

  return (
    <Stack>
      <PageHeader title={text.testTitle} description={text.testIntro} />
      <Card withBorder>
        <Group align="end">
          <WorkflowSelect value={workflowId} onChange={setWorkflowId} initial={initial.data} />
          <TestProfileSelect value={profileId} onChange={setProfileId} />
          <Button
            leftSection={<IconPlayerPlay size={16} aria-hidden />}
            disabled={!ready}
            loading={result.fetching}
            onClick={() => ready && setRun({ workflowId, profileId, count: (run?.count ?? 0) + 1 })}
            data-testid="test-run"
          >
            {text.runTest}
          </Button>
        </Group>
      </Card>
      {run === null ? (
        <EmptyState icon={<IconFlask />} title={text.testEmpty} testId="test-empty" />
      ) : result.error ? (
        <Alert color="red" title={text.testFailed} data-testid="test-error">
          {result.error}
        </Alert>
      ) : result.loading || result.data === null ? (
        <Group justify="center" py="xl">
          <Loader aria-label={text.runTest} />
        </Group>
      ) : (
        <Stack data-testid="test-result">
          <Title order={2} size="h3">
            {text.path}
          </Title>
          {result.data.length === 0 ? (
            <Text c="dimmed" size="sm" data-testid="test-no-path">
              {text.noPath}
            </Text>
          ) : (
            <DryRunPath steps={result.data} />
          )}
          <Title order={2} size="h3">
            {text.emails}
          </Title>
          <DryRunEmails steps={result.data} />
        </Stack>
      )}
    </Stack>
  );
}
