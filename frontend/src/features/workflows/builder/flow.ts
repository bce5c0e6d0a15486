/** The definition drawn as React Flow nodes and edges (the canvas never keeps its own copy). */
import type { Edge, Node } from '@xyflow/react';
import { exits, TRIGGER_ID, type Definition, type Handle, type Step, type Trigger } from './graph';
import { activityLabels, stepLabels, triggerLabels, workflowMessages as text } from '../messages';

export interface StepCounts {
  /** Profiles at this step now. */
  current: number;
  /** Profiles that ran it. */
  passed: number;
}

export interface NodeData extends Record<string, unknown> {
  kind: 'trigger' | 'step';
  step?: Step;
  trigger?: Trigger;
  title: string;
  summary: string;
  problems: number;
  unsaved: boolean;
  counts: StepCounts | null;
}

export type WorkflowNode = Node<NodeData>;

export interface FlowInput {
  definition: Definition;
  selected: string | null;
  problems: Record<string, Record<string, string>>;
  unsaved: string[];
  counts: Record<string, StepCounts>;
  /** Names for ids a summary shows (templates, groups, tags...), by "kind:id". */
  names?: Record<string, string>;
}

function named(names: Record<string, string> | undefined, kind: string, id: unknown): string {
  if (id === undefined || id === null || id === '') return '';
  return names?.[`${kind}:${String(id)}`] ?? `#${String(id)}`;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const RULE_KINDS: Record<string, string> = {
  field: 'Profile data',
  group: 'Group membership',
  tag: 'Tag',
  segment: 'Segment membership',
  activity: 'Email activity',
};

function namedList(names: Record<string, string> | undefined, kind: string, ids: unknown): string {
  return Array.isArray(ids) ? ids.map((id) => named(names, kind, id)).join(', ') : '';
}

/** One line under a node's title saying what it does, or what is missing. */
export function stepSummary(step: Step, names?: Record<string, string>): string {
  switch (step.type) {
    case 'sendEmail':
      return step.templateId ? String(step.subject || named(names, 'template', step.templateId)) : text.required('Template');
    case 'wait': {
      const until = step.until as { weekdays?: number[]; monthDays?: number[]; time?: string } | undefined;
      const delay = step.delay as { amount?: number | null; unit?: string | null } | undefined;
      if (until) {
        const days = until.weekdays?.length ? until.weekdays.map((day) => WEEKDAYS[day] ?? day).join(', ') : (until.monthDays ?? []).map((day) => `day ${day}`).join(', ');
        return `Until ${days} ${until.time || '09:00'}`.replace(/\s+/g, ' ');
      }
      return delay && delay.amount !== undefined && delay.amount !== null ? `${delay.amount} ${delay.unit ?? 'days'}` : text.delayRequired;
    }
    case 'condition':
    case 'goal': {
      const condition = step.condition as Record<string, unknown> | undefined;
      if (!condition?.kind) return text.ruleRequired;
      if (condition.kind === 'field' && condition.field) return `${String(condition.field)} ${String(condition.operator ?? '')} ${String(condition.value ?? '')}`.trim();
      return RULE_KINDS[String(condition.kind)] ?? String(condition.kind);
    }
    case 'split':
      return (step.branches ?? []).map((branch) => `${branch.percent}%`).join(' / ');
    case 'updateField':
      return step.field ? `${String(step.field)} = ${String(step.value ?? '')}` : text.required('Field');
    case 'addGroup':
    case 'removeGroup':
      return namedList(names, 'group', step.groupIds) || text.required('Groups');
    case 'addTag':
    case 'removeTag':
      return namedList(names, 'tag', step.tagIds) || text.required('Tags');
    case 'notifyRep':
      return step.subject ? String(step.subject) : text.required('Subject');
    case 'webhook':
      return step.url ? String(step.url) : text.url;
    case 'end':
      return '';
  }
}

export function triggerSummary(trigger: Trigger): string {
  if (!trigger.kind) return text.triggerRequired;
  if (trigger.kind === 'emailActivity' && trigger.activity) return activityLabels[String(trigger.activity)] ?? String(trigger.activity);
  return triggerLabels[trigger.kind] ?? trigger.kind;
}

/** An edge's id: its source and exit (an exit has one edge). */
export function edgeId(source: string, handle: Handle): string {
  return `${source}|${handle}`;
}

export function parseEdgeId(id: string): { source: string; handle: Handle } {
  const [source, handle] = id.split('|');
  return { source, handle };
}

function edgeLabel(definition: Definition, source: string, handle: Handle): string | undefined {
  if (handle === 'yes') return text.yes;
  if (handle === 'no') return text.no;
  if (handle.startsWith('b')) {
    const step = definition.steps.find((each) => each.id === source);
    const branch = step?.branches?.[Number(handle.slice(1))];
    return branch ? `${String.fromCharCode(65 + Number(handle.slice(1)))} · ${branch.percent}%` : undefined;
  }
  return undefined;
}

export function toFlow({ definition, selected, problems, unsaved, counts, names }: FlowInput): { nodes: WorkflowNode[]; edges: Edge[] } {
  const pending = new Set(unsaved);
  const trigger: WorkflowNode = {
    id: TRIGGER_ID,
    type: 'trigger',
    position: definition.positions[TRIGGER_ID] ?? { x: 0, y: 0 },
    selected: selected === TRIGGER_ID,
    deletable: false,
    data: {
      kind: 'trigger',
      trigger: definition.trigger,
      title: text.triggerPanel,
      summary: triggerSummary(definition.trigger),
      problems: Object.keys(problems[TRIGGER_ID] ?? {}).length,
      unsaved: pending.has(TRIGGER_ID),
      counts: counts[TRIGGER_ID] ?? null,
    },
  };
  const steps: WorkflowNode[] = definition.steps.map((step) => ({
    id: step.id,
    type: 'step',
    position: definition.positions[step.id] ?? { x: 0, y: 0 },
    selected: selected === step.id,
    data: {
      kind: 'step',
      step,
      title: stepLabels[step.type],
      summary: stepSummary(step, names),
      problems: Object.keys(problems[step.id] ?? {}).length,
      unsaved: pending.has(step.id),
      counts: counts[step.id] ?? null,
    },
  }));
  const edges: Edge[] = exits(definition).map(({ source, handle, target }) => ({
    id: edgeId(source, handle),
    source,
    sourceHandle: handle,
    target,
    label: edgeLabel(definition, source, handle),
  }));
  return { nodes: [trigger, ...steps], edges };
}
