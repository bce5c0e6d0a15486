import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconTrash } from '@tabler/icons-react';
import { stepLabels, workflowMessages as text } from '../messages';
import { findStep, TRIGGER_ID } from './graph';
import type { PanelOptions } from './options';
import { stepProblems, triggerProblems, type FieldErrors, type WorkflowSettings } from './rules';
import { StepFields } from './StepFields';
import { StepIcon } from './StepIcon';
import { TriggerFields } from './TriggerFields';
import type { WorkflowEditor } from './useWorkflowEditor';

interface NodePanelProps {
  editor: WorkflowEditor;
  id: string;
  options: PanelOptions;
  settings: WorkflowSettings;
  /** The server's errors for this node, by field (from the last publish). */
  serverErrors: FieldErrors;
  onDelete: (id: string) => void;
}

/** The side panel of the selected node: its fields (edits wait for Apply), the errors beside them, delete. */
export function NodePanel({ editor, id, options, settings, serverErrors, onDelete }: NodePanelProps) {
  const isTrigger = id === TRIGGER_ID;
  const step = isTrigger ? undefined : findStep(editor.definition, id);
  if (!isTrigger && !step) return null;
  const saved: Record<string, unknown> = isTrigger ? editor.definition.trigger : (step as Record<string, unknown>);
  const draft = editor.drafts[id];
  const values = draft ?? saved;
  const own = isTrigger
    ? triggerProblems({ ...editor.definition.trigger, ...values, id: TRIGGER_ID })
    : stepProblems({ ...(step as NonNullable<typeof step>), ...values }, settings);
  // The server's message for a field stays until that field is edited.
  const server = Object.fromEntries(Object.entries(serverErrors).filter(([key]) => !draft || draft[key] === saved[key]));
  const errors = { ...own, ...server };
  const setAll = (fields: Record<string, unknown>) => editor.setDraft(id, { ...values, ...fields });
  const set = (key: string, value: unknown) => setAll({ [key]: value });
  const title = isTrigger ? text.triggerPanel : text.stepPanel(stepLabels[step!.type]);

  return (
    <Stack gap="sm" component="section" aria-labelledby="node-panel-title" data-testid="node-panel">
      <Group gap={6} wrap="nowrap">
        <StepIcon type={isTrigger ? 'trigger' : step!.type} size={20} />
        <Title order={2} size="h5" id="node-panel-title">
          {title}
        </Title>
      </Group>
      {errors._node ? (
        <Alert color="red" variant="light" p="xs">
          {errors._node}
        </Alert>
      ) : null}
      {isTrigger ? (
        <TriggerFields values={values} set={set} setAll={setAll} errors={errors} options={options} />
      ) : (
        <StepFields type={step!.type} values={values} set={set} setAll={setAll} errors={errors} options={options} />
      )}
      {draft ? (
        <Text size="xs" c="orange.9" data-testid="panel-unsaved">
          {text.unsavedStep}
        </Text>
      ) : null}
      <Group justify="space-between">
        {isTrigger ? <span /> : (
          <Button variant="subtle" color="red" size="xs" leftSection={<IconTrash size={14} aria-hidden />} onClick={() => onDelete(id)} data-testid="panel-delete">
            {text.deleteStep}
          </Button>
        )}
        <Group gap="xs">
          <Button variant="default" size="xs" disabled={!draft} onClick={() => editor.discard(id)} data-testid="panel-discard">
            {text.discard}
          </Button>
          <Button size="xs" leftSection={<IconCheck size={14} aria-hidden />} disabled={!draft} onClick={() => editor.apply(id)} data-testid="panel-apply">
            {text.apply}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
