import { Alert, Box, Container, Group, Skeleton, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { ReactFlowProvider } from '@xyflow/react';
import { useMemo, useRef, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { queryKeys, useApiQuery } from '../../api/query';
import { paths } from '../../config/paths';
import { getStepCounts, getWorkflow, type Workflow } from './api';
import type { StepCounts } from './builder/flow';
import { usePanelOptions } from './builder/usePanelOptions';
import { WorkflowEditorScreen } from './builder/WorkflowEditorScreen';
import { workflowMessages as text } from './messages';

function BuilderSkeleton() {
  return (
    <Stack p="md" data-testid="workflow-builder-loading">
      <Skeleton h={40} w={360} />
      <Group align="stretch" wrap="nowrap">
        <Skeleton h={480} w={190} />
        <Skeleton h={480} style={{ flex: 1 }} />
        <Skeleton h={480} w={320} />
      </Group>
    </Stack>
  );
}

/** The workflow builder (spec 2.4 /Workflow, a full page): a new workflow, or the saved one ?id= names. */
export default function WorkflowBuilderPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const raw = searchParams.get('id');
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  // A workflow saved for the first time gets its id in the address without a new editor.
  const created = useRef<number | null>(null);
  const [editorKey, setEditorKey] = useState(String(id));
  if (String(id) !== editorKey && id !== created.current) setEditorKey(String(id));

  // A summary notification is a workflow too, edited on its own screen: the server's 404
  // names that screen, and the builder goes there instead of failing.
  const [elsewhere, setElsewhere] = useState<string | null>(null);
  const loaded = useApiQuery(
    queryKeys.detail('workflows', id),
    (signal) =>
      getWorkflow(id as number, signal).catch((error: unknown) => {
        const screen = error instanceof ApiError && error.status === 404 ? error.errors.screen?.[0] : undefined;
        if (screen === paths.summaryNotifications.path) setElsewhere(screen);
        throw error;
      }),
    { enabled: id !== null, keepPrevious: false },
  );
  const published = loaded.data?.publishedVersion ?? null;
  const stepCounts = useApiQuery(queryKeys.detail('workflows', id, { counts: published }), (signal) => getStepCounts(id as number, signal), { enabled: id !== null && published !== null });
  const options = usePanelOptions();
  const counts = useMemo(() => {
    const shown: Record<string, StepCounts> = {};
    for (const [step, count] of Object.entries(stepCounts.data?.steps ?? {})) {
      shown[step] = { current: count.current, passed: Object.values(count.outcomes).reduce((sum, n) => sum + n, 0) };
    }
    return shown;
  }, [stepCounts.data]);

  const client = useQueryClient();
  const onSaved = (workflow: Workflow) => {
    // The answer is the workflow as saved: the editor shows it without asking again.
    client.setQueryData(queryKeys.detail('workflows', workflow.id), workflow);
    if (id === null) {
      created.current = workflow.id;
      navigate(paths.workflowBuilder.href(workflow.id), { replace: true });
    }
  };

  if (elsewhere) return <Navigate to={paths.summaryNotifications.href()} replace />;
  if (id !== null && loaded.error) {
    return (
      <Container py="md">
        <Alert color="red" title={text.loadFailed}>
          {loaded.error}
        </Alert>
      </Container>
    );
  }
  if (id !== null && !loaded.data && id !== created.current) return <BuilderSkeleton />;
  return (
    <Box>
      <ReactFlowProvider>
        <WorkflowEditorScreen key={editorKey} workflow={loaded.data ?? null} options={options} counts={counts} onSaved={onSaved} />
      </ReactFlowProvider>
    </Box>
  );
}
