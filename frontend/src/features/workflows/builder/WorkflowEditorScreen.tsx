import { Alert, Box, Paper, ScrollArea } from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { LeaveGuard } from '../../../components/LeaveGuard';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { getWorkflow, type Workflow } from '../api';
import { EnrollmentsDrawer } from '../EnrollmentsDrawer';
import { stepLabels, workflowMessages as text } from '../messages';
import { UnpublishDialog } from '../UnpublishDialog';
import { BuilderHeader } from './BuilderHeader';
import type { StepCounts } from './flow';
import { branchChildren, findStep, fromJson } from './graph';
import { NodePanel } from './NodePanel';
import { optionNames, type PanelOptions } from './options';
import { StepPalette } from './StepPalette';
import { useBuilderActions } from './useBuilderActions';
import { useWorkflowEditor } from './useWorkflowEditor';
import { WorkflowCanvas } from './WorkflowCanvas';
import { WorkflowDetails, type ReEntry, type Tab, type WorkflowMetaState } from './WorkflowDetails';
import type { WorkflowSettings } from './rules';

interface WorkflowEditorScreenProps {
  workflow: Workflow | null;
  options: PanelOptions;
  counts: Record<string, StepCounts>;
  onSaved: (workflow: Workflow) => void;
}

function metaOf(workflow: Workflow | null): WorkflowMetaState {
  return {
    name: workflow?.name ?? '',
    description: workflow?.description ?? '',
    tab: (workflow?.tab ?? 'Custom') as Tab,
    reEntry: (workflow?.reEntry ?? 'never') as ReEntry,
    settings: (workflow?.settings ?? { timeZone: 'client' }) as WorkflowSettings,
  };
}

function isTyping(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  return Boolean(element && (['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName) || element.isContentEditable));
}

/** The builder (/Workflow): header, palette, canvas and the side panel of the selected node. */
export function WorkflowEditorScreen({ workflow, options, counts, onSaved }: WorkflowEditorScreenProps) {
  const initial = useMemo(() => fromJson(workflow?.definition ?? null), [workflow?.id]); // eslint-disable-line react-hooks/exhaustive-deps
  const editor = useWorkflowEditor(initial);
  const [meta, setMeta] = useState(() => metaOf(workflow));
  const [metaDirty, setMetaDirty] = useState(false);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [unpublishing, setUnpublishing] = useState(false);
  const [inProcess, setInProcess] = useState(workflow?.inProcess ?? 0);
  const [counting, setCounting] = useState(false);
  const [enrollmentsOpen, setEnrollmentsOpen] = useState(false);
  const dirty = editor.dirty || metaDirty;
  // Read by the leave guard when a navigation starts: a save that navigates (a new workflow
  // gets its id in the address) has cleared it before the next render.
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const actions = useBuilderActions({
    workflow,
    meta,
    definition: editor.definition,
    dirty,
    unsaved: editor.unsaved,
    onSaved: (saved) => {
      dirtyRef.current = false;
      editor.markSaved();
      setMetaDirty(false);
      setInProcess(saved.inProcess);
      onSaved(saved);
    },
  });
  const names = useMemo(() => optionNames(options), [options]);

  const problemNodes = useMemo(() => {
    const merged: Record<string, Record<string, string>> = {};
    for (const source of [actions.problems.nodes, actions.server.nodes]) {
      for (const [id, errors] of Object.entries(source)) merged[id] = { ...merged[id], ...errors };
    }
    return merged;
  }, [actions.problems, actions.server]);
  const fieldErrors = { ...actions.problems.fields, ...actions.server.fields };
  const general = [...new Set([...actions.problems.general, ...actions.server.general])];

  // Ctrl+Z / Cmd+Z undoes the last canvas edit (a text field keeps its own undo).
  const { undo } = editor;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.shiftKey && event.key.toLowerCase() === 'z' && !isTyping(event.target)) {
        event.preventDefault();
        undo();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [undo]);

  /** Deleting a condition or split that has branches asks first (spec 5.9: its children go with it). */
  const askDelete = (id: string) => {
    if (branchChildren(editor.definition, id).length > 0) setDeleting(id);
    else editor.remove(id);
  };
  const deletingStep = deleting ? findStep(editor.definition, deleting) : undefined;

  const chooseUnpublish = async (choice: 'process' | 'terminate' | null) => {
    const outcome = await actions.unpublish(choice);
    if (outcome === 'choose') setInProcess((count) => Math.max(count, 1));
    else setUnpublishing(false);
  };

  /** The count the page loaded with is stale by now (profiles keep entering and finishing):
   * the confirmation states the count read when Unpublish is clicked. */
  const askUnpublish = async () => {
    if (!workflow) return;
    setCounting(true);
    try {
      setInProcess((await getWorkflow(workflow.id)).inProcess);
    } catch {
      // The last known count is shown; the server still refuses (409) while profiles are in it.
    } finally {
      setCounting(false);
      setUnpublishing(true);
    }
  };

  const selected = editor.selected;
  return (
    <Box h="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <BuilderHeader
        workflow={workflow}
        name={meta.name}
        busy={counting ? 'unpublish' : actions.busy}
        canUndo={editor.canUndo}
        unsaved={editor.unsaved.length}
        onUndo={editor.undo}
        onSave={() => void actions.save()}
        onPublish={() => void actions.publish()}
        onUnpublish={() => void askUnpublish()}
        onEnrollments={() => setEnrollmentsOpen(true)}
      />
      {general.length ? (
        <Alert color="red" variant="light" mx="md" mb="xs" p="xs" data-testid="builder-general-problems">
          {general.join(' ')}
        </Alert>
      ) : null}
      <Box style={{ flex: 1, display: 'flex', minHeight: 0 }}>
        <Paper withBorder radius={0} p="sm" w={190} style={{ flexShrink: 0 }}>
          <StepPalette onAdd={(type) => editor.add(type)} />
        </Paper>
        <Box style={{ flex: 1, minWidth: 0 }}>
          <WorkflowCanvas editor={editor} problems={problemNodes} counts={counts} names={names} onDelete={askDelete} />
        </Box>
        <Paper withBorder radius={0} w={320} style={{ flexShrink: 0 }}>
          <ScrollArea h="100%" p="sm" type="auto">
            {selected ? (
              <NodePanel
                key={selected}
                editor={editor}
                id={selected}
                options={options}
                settings={meta.settings}
                serverErrors={actions.server.nodes[selected] ?? {}}
                onDelete={askDelete}
              />
            ) : (
              <WorkflowDetails
                meta={meta}
                errors={fieldErrors}
                onChange={(next) => {
                  setMeta(next);
                  setMetaDirty(true);
                }}
              />
            )}
          </ScrollArea>
        </Paper>
      </Box>
      <ConfirmDialog
        opened={deletingStep !== undefined}
        title={text.deleteConditionTitle}
        message={deletingStep ? text.deleteConditionConfirm(stepLabels[deletingStep.type], branchChildren(editor.definition, deletingStep.id).length) : ''}
        onConfirm={() => {
          if (deleting) editor.remove(deleting);
          setDeleting(null);
        }}
        onCancel={() => setDeleting(null)}
      />
      <UnpublishDialog opened={unpublishing} inProcess={inProcess} busy={actions.busy === 'unpublish'} onChoose={(choice) => void chooseUnpublish(choice)} onCancel={() => setUnpublishing(false)} />
      {workflow ? <EnrollmentsDrawer workflow={workflow} opened={enrollmentsOpen} onClose={() => setEnrollmentsOpen(false)} /> : null}
      <LeaveGuard isDirty={() => dirtyRef.current} />
    </Box>
  );
}
