/**
 * The workflow builder's pure graph logic: the definition JSON of marketing/workflows/models.py
 * (one trigger, steps joined by next / yes-no / split branches, positions), and every edit the
 * canvas makes on it, as functions from one definition to the next. The canvas keeps a
 * history of definitions (undo) and draws nodes and edges from the present one.
 */

export const STEP_TYPES = [
  'sendEmail',
  'wait',
  'condition',
  'split',
  'updateField',
  'addGroup',
  'removeGroup',
  'addTag',
  'removeTag',
  'notifyRep',
  'webhook',
  'goal',
  'end',
] as const;
export type StepType = (typeof STEP_TYPES)[number];

export const TRIGGER_ID = 'trigger';

export interface Position {
  x: number;
  y: number;
}

export interface SplitBranch {
  percent: number;
  next: string | null;
}

/** A step: its id, type and exits, plus the fields of its type (kept as they are). */
export interface Step {
  id: string;
  type: StepType;
  next?: string | null;
  yes?: string | null;
  no?: string | null;
  branches?: SplitBranch[];
  [field: string]: unknown;
}

export interface Trigger {
  id: typeof TRIGGER_ID;
  /** Null until chosen (the API's TriggerKind). */
  kind: string | null;
  [field: string]: unknown;
}

export interface Definition {
  trigger: Trigger;
  steps: Step[];
  start: string | null;
  positions: Record<string, Position>;
}

/** An exit of a node: "next", "yes", "no", or a split's branch "b0", "b1"... */
export type Handle = string;

/** Steps that end a path: no exit. */
const TERMINAL: ReadonlySet<StepType> = new Set(['end']);

export function emptyDefinition(): Definition {
  return {
    trigger: { id: TRIGGER_ID, kind: null },
    steps: [],
    start: null,
    positions: { [TRIGGER_ID]: { x: 0, y: 0 } },
  };
}

/** The exits a step of this type has. */
export function stepHandles(step: Pick<Step, 'type' | 'branches'>): Handle[] {
  if (step.type === 'condition') return ['yes', 'no'];
  if (step.type === 'split') return (step.branches ?? []).map((_branch, index) => `b${index}`);
  if (TERMINAL.has(step.type)) return [];
  return ['next'];
}

/** Where an exit leads (null: nowhere yet). */
export function target(definition: Definition, source: string, handle: Handle): string | null {
  if (source === TRIGGER_ID) return definition.start;
  const step = findStep(definition, source);
  if (!step) return null;
  if (handle.startsWith('b')) return step.branches?.[Number(handle.slice(1))]?.next ?? null;
  return (step[handle] as string | null | undefined) ?? null;
}

export function findStep(definition: Definition, id: string): Step | undefined {
  return definition.steps.find((step) => step.id === id);
}

/** Every exit of the graph with its target: the canvas's edges. */
export function exits(definition: Definition): { source: string; handle: Handle; target: string }[] {
  const found: { source: string; handle: Handle; target: string }[] = [];
  if (definition.start) found.push({ source: TRIGGER_ID, handle: 'next', target: definition.start });
  for (const step of definition.steps) {
    for (const handle of stepHandles(step)) {
      const to = target(definition, step.id, handle);
      if (to) found.push({ source: step.id, handle, target: to });
    }
  }
  return found;
}

function successors(definition: Definition, id: string): string[] {
  if (id === TRIGGER_ID) return definition.start ? [definition.start] : [];
  const step = findStep(definition, id);
  if (!step) return [];
  return stepHandles(step)
    .map((handle) => target(definition, id, handle))
    .filter((to): to is string => Boolean(to));
}

/** The ids reachable from `from` (itself included), not walking through `avoid`. */
export function reachable(definition: Definition, from: string[], avoid: string | null = null): Set<string> {
  const seen = new Set<string>();
  const queue = from.filter((id) => id !== avoid);
  while (queue.length) {
    const id = queue.shift() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const next of successors(definition, id)) if (next !== avoid && !seen.has(next)) queue.push(next);
  }
  return seen;
}

function withExit(step: Step, handle: Handle, to: string | null): Step {
  if (handle.startsWith('b')) {
    const index = Number(handle.slice(1));
    const branches = (step.branches ?? []).map((branch, at) => (at === index ? { ...branch, next: to } : branch));
    return { ...step, branches };
  }
  return { ...step, [handle]: to };
}

/** A new step's id: s1, s2... the first one not taken. */
export function newStepId(definition: Definition): string {
  const taken = new Set(definition.steps.map((step) => step.id));
  let n = definition.steps.length + 1;
  while (taken.has(`s${n}`)) n += 1;
  return `s${n}`;
}

/** The fields a new step of a type starts with (its exits empty). */
export function newStep(id: string, type: StepType): Step {
  switch (type) {
    case 'condition':
      return { id, type, yes: null, no: null };
    case 'split':
      return { id, type, branches: [{ percent: 50, next: null }, { percent: 50, next: null }] };
    case 'wait':
      return { id, type, delay: { amount: 1, unit: 'days' }, next: null };
    case 'end':
      return { id, type };
    default:
      return { id, type, next: null };
  }
}

/**
 * Adds a step of `type` at `position`; with `after`, the exit it is added to leads to it, and
 * what that exit led to before now follows the new step (when the new step has a single exit).
 */
export function addStep(
  definition: Definition,
  type: StepType,
  position: Position,
  after?: { source: string; handle: Handle },
): { definition: Definition; id: string } {
  const id = newStepId(definition);
  let step = newStep(id, type);
  let next: Definition = {
    ...definition,
    steps: [...definition.steps, step],
    positions: { ...definition.positions, [id]: position },
  };
  if (after) {
    const before = target(definition, after.source, after.handle);
    next = connect(next, after.source, after.handle, id);
    if (before && stepHandles(step).length === 1) {
      step = withExit(step, stepHandles(step)[0], before);
      next = { ...next, steps: next.steps.map((each) => (each.id === id ? step : each)) };
    }
  } else if (definition.start === null) {
    next = { ...next, start: id };
  }
  return { definition: next, id };
}

/** Whether joining `source`'s exit to `to` keeps the graph a graph the engine runs: no loop, no self, no trigger target. */
export function canConnect(definition: Definition, source: string, to: string): boolean {
  if (to === TRIGGER_ID || source === to) return false;
  if (!findStep(definition, to)) return false;
  if (source !== TRIGGER_ID && !findStep(definition, source)) return false;
  // A loop: the source is reachable from the target.
  return !reachable(definition, [to]).has(source);
}

/** Joins an exit to a step (replacing what it led to). Refused joins leave the definition as it is. */
export function connect(definition: Definition, source: string, handle: Handle, to: string): Definition {
  if (!canConnect(definition, source, to)) return definition;
  if (source === TRIGGER_ID) return { ...definition, start: to };
  return { ...definition, steps: definition.steps.map((step) => (step.id === source ? withExit(step, handle, to) : step)) };
}

export function disconnect(definition: Definition, source: string, handle: Handle): Definition {
  if (source === TRIGGER_ID) return { ...definition, start: null };
  return { ...definition, steps: definition.steps.map((step) => (step.id === source ? withExit(step, handle, null) : step)) };
}

/**
 * A condition's or split's children (spec 5.9: deleting a condition deletes its children): the
 * steps reachable from its branches that no other path from the trigger reaches.
 */
export function branchChildren(definition: Definition, id: string): string[] {
  const step = findStep(definition, id);
  if (!step || (step.type !== 'condition' && step.type !== 'split')) return [];
  const below = reachable(definition, successors(definition, id));
  const elsewhere = reachable(definition, [TRIGGER_ID], id);
  return definition.steps.map((each) => each.id).filter((each) => below.has(each) && !elsewhere.has(each) && each !== id);
}

/** Whether deleting the step also deletes others (and so asks first). */
export function deletesChildren(definition: Definition, id: string): boolean {
  return branchChildren(definition, id).length > 0;
}

/**
 * Deletes a step. A condition or split takes its children with it; a step with one exit is
 * spliced out (what led to it now leads to what followed it). Exits to deleted steps empty.
 */
export function deleteStep(definition: Definition, id: string): Definition {
  const step = findStep(definition, id);
  if (!step) return definition;
  const removed = new Set([id, ...branchChildren(definition, id)]);
  const follower = stepHandles(step).length === 1 ? target(definition, id, stepHandles(step)[0]) : null;
  const relink = (to: string | null | undefined): string | null => {
    if (!to) return null;
    if (to === id) return follower && !removed.has(follower) ? follower : null;
    return removed.has(to) ? null : to;
  };
  const steps = definition.steps
    .filter((each) => !removed.has(each.id))
    .map((each) => {
      const copy: Step = { ...each };
      if ('next' in copy) copy.next = relink(copy.next);
      if ('yes' in copy) copy.yes = relink(copy.yes);
      if ('no' in copy) copy.no = relink(copy.no);
      if (copy.branches) copy.branches = copy.branches.map((branch) => ({ ...branch, next: relink(branch.next) }));
      return copy;
    });
  const positions = Object.fromEntries(Object.entries(definition.positions).filter(([key]) => !removed.has(key)));
  return { ...definition, steps, start: relink(definition.start), positions };
}

/**
 * A split's branch as the side panel edits it: `from` is the index it had in the step when the
 * edit began (null: a branch added by the edit), so removing a branch other than the last
 * keeps the later branches on their own targets. Without `from`, a branch keeps the target at
 * its own index.
 */
export interface EditedBranch {
  percent: number;
  from?: number | null;
}

function editedTarget(step: Step, branch: EditedBranch, index: number): string | null {
  const from = 'from' in branch ? branch.from : index;
  return from === null || from === undefined ? null : (step.branches?.[from]?.next ?? null);
}

/** Replaces a step's own fields (never its id, type or exits). */
export function updateStep(definition: Definition, id: string, fields: Record<string, unknown>): Definition {
  const { id: _id, type: _type, next: _next, yes: _yes, no: _no, branches, ...own } = fields;
  return {
    ...definition,
    steps: definition.steps.map((step) => {
      if (step.id !== id) return step;
      const updated: Step = { ...step, ...own };
      // A split's percentages change; each kept branch keeps its target, and a new branch starts empty.
      if (step.type === 'split' && Array.isArray(branches)) {
        updated.branches = (branches as EditedBranch[]).map((branch, index) => ({
          percent: Number(branch.percent) || 0,
          next: editedTarget(step, branch, index),
        }));
      }
      return updated;
    }),
  };
}

export function updateTrigger(definition: Definition, fields: Record<string, unknown>): Definition {
  return { ...definition, trigger: { ...definition.trigger, ...fields, id: TRIGGER_ID } };
}

export function moveNode(definition: Definition, id: string, position: Position): Definition {
  return { ...definition, positions: { ...definition.positions, [id]: position } };
}

const ROW = 140;
const COLUMN = 260;

/** Positions for nodes that have none: below their parent, branches side by side. */
export function layout(definition: Definition): Definition {
  const positions = { ...definition.positions };
  if (!positions[TRIGGER_ID]) positions[TRIGGER_ID] = { x: 0, y: 0 };
  const queue = [TRIGGER_ID];
  const seen = new Set<string>();
  while (queue.length) {
    const id = queue.shift() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    const next = successors(definition, id);
    next.forEach((child, index) => {
      if (!positions[child]) {
        const parent = positions[id];
        positions[child] = { x: parent.x + (index - (next.length - 1) / 2) * COLUMN, y: parent.y + ROW };
      }
      queue.push(child);
    });
  }
  let spare = 0;
  for (const step of definition.steps) {
    if (!positions[step.id]) {
      positions[step.id] = { x: COLUMN * 2, y: spare * ROW };
      spare += 1;
    }
  }
  return { ...definition, positions };
}

/** A definition as the server sent it (or an empty object for a new workflow), made whole. */
export function fromJson(json: unknown): Definition {
  const raw = (typeof json === 'object' && json !== null ? json : {}) as Partial<Definition>;
  const base = emptyDefinition();
  const steps = Array.isArray(raw.steps)
    ? raw.steps.filter((step): step is Step => typeof step?.id === 'string' && (STEP_TYPES as readonly string[]).includes(step.type))
    : [];
  const definition: Definition = {
    trigger: { ...base.trigger, ...(raw.trigger ?? {}), id: TRIGGER_ID },
    steps,
    start: typeof raw.start === 'string' ? raw.start : null,
    positions: { ...(raw.positions ?? {}) },
  };
  return layout(definition);
}

const EXITS = new Set(['next', 'yes', 'no']);

/** A node's fields without the empty ones (an emptied input is "no value", which the API takes as absent). */
function withoutBlanks<T extends Record<string, unknown>>(fields: T): T {
  return Object.fromEntries(Object.entries(fields).filter(([key, value]) => EXITS.has(key) || (value !== '' && value !== undefined && value !== null))) as T;
}

/** The definition as the API takes it: empty fields dropped, positions rounded. */
export function toJson(definition: Definition): Definition {
  const positions = Object.fromEntries(
    Object.entries(definition.positions).map(([id, { x, y }]) => [id, { x: Math.round(x), y: Math.round(y) }]),
  );
  const trigger = { ...withoutBlanks(definition.trigger), kind: definition.trigger.kind || null };
  return { trigger, steps: definition.steps.map(withoutBlanks), start: definition.start, positions };
}

/** Steps nothing leads to from the trigger: drawn, saved, but never run. */
export function unreachableSteps(definition: Definition): string[] {
  const live = reachable(definition, [TRIGGER_ID]);
  return definition.steps.map((step) => step.id).filter((id) => !live.has(id));
}
