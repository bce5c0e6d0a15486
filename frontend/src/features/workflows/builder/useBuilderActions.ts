import { useState } from 'react';
import { ApiError } from '../../../api/client';
import { useInvalidate } from '../../../api/query';
import { toast } from '../../../lib/toast';
import { toastError } from '../../../lib/toast-error';
import { createWorkflow, publishWorkflow, saveWorkflow, unpublishWorkflow, type UnpublishChoice, type Workflow, type WorkflowChanges } from '../api';
import { workflowMessages as text } from '../messages';
import { toJson, type Definition } from './graph';
import { hasProblems, placeServerErrors, workflowProblems, type Problems } from './rules';
import type { WorkflowMetaState } from './WorkflowDetails';

const noProblems: Problems = { fields: {}, nodes: {}, general: [] };

interface BuilderActionsInput {
  workflow: Workflow | null;
  meta: WorkflowMetaState;
  definition: Definition;
  dirty: boolean;
  unsaved: string[];
  onSaved: (workflow: Workflow) => void;
}

/**
 * Save, publish and unpublish of the builder, and the problems they found: the builder's own
 * check (spec 5.9) before asking, then the server's answer placed on the same fields.
 */
export function useBuilderActions({ workflow, meta, definition, dirty, unsaved, onSaved }: BuilderActionsInput) {
  const invalidate = useInvalidate();
  const [busy, setBusy] = useState<'save' | 'publish' | 'unpublish' | null>(null);
  const [server, setServer] = useState<Problems>(noProblems);
  const [checked, setChecked] = useState(false);

  const changes = (): WorkflowChanges => ({
    name: meta.name.trim(),
    description: meta.description.trim(),
    tab: meta.tab,
    reEntry: meta.reEntry,
    settings: { ...meta.settings, timeZone: meta.settings.timeZone ?? 'client' } as WorkflowChanges['settings'],
    definition: toJson(definition) as WorkflowChanges['definition'],
  });

  const refused = (error: unknown): boolean => {
    if (error instanceof ApiError && Object.keys(error.errors).length > 0) {
      setServer(placeServerErrors(error.errors));
      toast('error', error.message || text.fixErrors);
      return true;
    }
    toastError(error);
    return false;
  };

  /** Writes the draft; answers the saved workflow, or null when refused. */
  const write = async (): Promise<Workflow | null> => {
    const body = changes();
    const saved = workflow ? await saveWorkflow(workflow.id, body) : await createWorkflow({ ...body, name: body.name ?? '' });
    await invalidate('workflows', 'workflowAnalytics');
    onSaved(saved);
    return saved;
  };

  const save = async () => {
    setBusy('save');
    setServer(noProblems);
    try {
      const wasPublished = workflow?.status === 'Published';
      await write();
      toast('success', wasPublished ? text.savedUnpublished : text.saved);
    } catch (error) {
      refused(error);
    } finally {
      setBusy(null);
    }
  };

  const publish = async () => {
    setChecked(true);
    const own = workflowProblems(meta, definition);
    if (hasProblems(own)) {
      toast('error', own.general[0] ?? text.fixErrors);
      return false;
    }
    setBusy('publish');
    setServer(noProblems);
    try {
      const saved = workflow && !dirty ? workflow : await write();
      if (!saved) return false;
      const published = await publishWorkflow(saved.id, unsaved);
      await invalidate('workflows', 'workflowAnalytics');
      onSaved(published);
      toast('success', text.published);
      return true;
    } catch (error) {
      refused(error);
      return false;
    } finally {
      setBusy(null);
    }
  };

  /** Unpublishes; answers 'choose' when the server wants to know what becomes of enrollments in process (409). */
  const unpublish = async (choice: UnpublishChoice | null): Promise<'done' | 'choose' | 'failed'> => {
    if (!workflow) return 'failed';
    setBusy('unpublish');
    try {
      const answer = await unpublishWorkflow(workflow.id, choice);
      await invalidate('workflows', 'workflowAnalytics', 'enrollments');
      onSaved(answer);
      toast('success', text.unpublished);
      return 'done';
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) return 'choose';
      toastError(error);
      return 'failed';
    } finally {
      setBusy(null);
    }
  };

  const problems = checked ? workflowProblems(meta, definition) : noProblems;
  return { busy, save, publish, unpublish, problems, server, checked };
}
