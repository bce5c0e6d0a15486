import { useCallback, useMemo, useState } from 'react';
import {
  addStep,
  connect,
  deleteStep,
  disconnect,
  findStep,
  moveNode,
  stepHandles,
  target,
  TRIGGER_ID,
  updateStep,
  updateTrigger,
  type Definition,
  type Handle,
  type Position,
  type StepType,
} from './graph';
import { canUndo, historyPush, historyReplace, historyStart, historyUndo, type History } from './history';

/** A node's fields as edited in the side panel, before they are applied to the definition. */
export type Drafts = Record<string, Record<string, unknown>>;

/**
 * The builder's editing state: the definition with its undo stack, the selected node, the
 * side panel's unapplied edits per node, and whether anything changed since the last save.
 */
export function useWorkflowEditor(initial: Definition) {
  const [history, setHistory] = useState<History<Definition>>(() => historyStart(initial));
  const [selected, setSelected] = useState<string | null>(null);
  const [drafts, setDrafts] = useState<Drafts>({});
  const [dirty, setDirty] = useState(false);
  const definition = history.present;

  const edit = useCallback((change: (current: Definition) => Definition) => {
    setHistory((current) => {
      const next = change(current.present);
      if (next !== current.present) setDirty(true);
      return historyPush(current, next);
    });
  }, []);

  /** Adds a step after the selected node's first empty exit (or its first exit), else on its own. */
  const add = useCallback(
    (type: StepType, position?: Position) => {
      let newId = '';
      edit((current) => {
        const after = placeAfter(current, selected);
        const at = position ?? nextPosition(current, after?.source ?? null);
        const added = addStep(current, type, at, after ?? undefined);
        newId = added.id;
        return added.definition;
      });
      if (newId) setSelected(newId);
    },
    [edit, selected],
  );

  const remove = useCallback(
    (id: string) => {
      if (id === TRIGGER_ID) return;
      edit((current) => deleteStep(current, id));
      setDrafts((current) => {
        const { [id]: _gone, ...rest } = current;
        return rest;
      });
      setSelected((current) => (current === id ? null : current));
    },
    [edit],
  );

  const join = useCallback((source: string, handle: Handle, to: string) => edit((current) => connect(current, source, handle, to)), [edit]);
  const unjoin = useCallback((source: string, handle: Handle) => edit((current) => disconnect(current, source, handle)), [edit]);

  /** A drag starts: one undo step for the whole move. */
  const dragStart = useCallback(() => setHistory((current) => historyPush(current, { ...current.present })), []);
  const drag = useCallback((id: string, position: Position) => {
    setHistory((current) => historyReplace(current, moveNode(current.present, id, position)));
    setDirty(true);
  }, []);

  const undo = useCallback(() => {
    setHistory((current) => historyUndo(current));
    setDirty(true);
  }, []);

  const setDraft = useCallback((id: string, fields: Record<string, unknown>) => setDrafts((current) => ({ ...current, [id]: fields })), []);
  const discard = useCallback(
    (id: string) =>
      setDrafts((current) => {
        const { [id]: _gone, ...rest } = current;
        return rest;
      }),
    [],
  );
  const apply = useCallback(
    (id: string) => {
      const fields = drafts[id];
      if (!fields) return;
      edit((current) => (id === TRIGGER_ID ? updateTrigger(current, fields) : updateStep(current, id, fields)));
      discard(id);
    },
    [drafts, edit, discard],
  );

  const unsaved = useMemo(() => Object.keys(drafts), [drafts]);

  return {
    definition,
    selected,
    select: setSelected,
    drafts,
    unsaved,
    dirty,
    markSaved: () => setDirty(false),
    markDirty: () => setDirty(true),
    canUndo: canUndo(history),
    add,
    remove,
    join,
    unjoin,
    dragStart,
    drag,
    undo,
    setDraft,
    discard,
    apply,
  };
}

export type WorkflowEditor = ReturnType<typeof useWorkflowEditor>;

/** Where a step added from the palette goes: after the selected node's first empty exit, else its first exit. */
function placeAfter(definition: Definition, selected: string | null): { source: string; handle: Handle } | null {
  if (selected === null) {
    if (definition.start === null) return { source: TRIGGER_ID, handle: 'next' };
    return null;
  }
  if (selected === TRIGGER_ID) return { source: TRIGGER_ID, handle: 'next' };
  const step = findStep(definition, selected);
  if (!step) return null;
  const handles = stepHandles(step);
  if (handles.length === 0) return null;
  return { source: selected, handle: handles.find((handle) => target(definition, selected, handle) === null) ?? handles[0] };
}

function nextPosition(definition: Definition, parent: string | null): Position {
  const base = parent ? definition.positions[parent] : undefined;
  if (base) {
    const below = { x: base.x, y: base.y + 140 };
    const taken = (spot: Position) => Object.values(definition.positions).some((at) => Math.abs(at.x - spot.x) < 100 && Math.abs(at.y - spot.y) < 60);
    while (taken(below)) below.x += 260;
    return below;
  }
  const lowest = Math.max(0, ...Object.values(definition.positions).map((at) => at.y));
  return { x: 0, y: lowest + 140 };
}
