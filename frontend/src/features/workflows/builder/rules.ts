/**
 * Spec 5.9's rules as the builder checks them while you edit (the server checks the same on
 * publish, and its answers are placed on the same fields by `placeServerErrors`).
 */
import { TRIGGER_ID, unreachableSteps, type Definition, type Step, type Trigger } from './graph';
import { workflowMessages as text } from '../messages';

export type FieldErrors = Record<string, string>;

export interface WorkflowSettings {
  sendFrom?: string;
  sendTo?: string;
  maxDelayDays?: number | null;
  [key: string]: unknown;
}

export interface WorkflowMeta {
  name: string;
  description: string;
  settings: WorkflowSettings;
}

export interface Problems {
  /** The workflow's own fields: name, description, sendFrom, sendTo, maxDelayDays. */
  fields: FieldErrors;
  /** Per node id (the trigger's is "trigger"), per field. */
  nodes: Record<string, FieldErrors>;
  /** What belongs to no field (no action). */
  general: string[];
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const UNIT_DAYS: Record<string, number> = { minutes: 1 / 1440, hours: 1 / 24, days: 1, weeks: 7 };

export const isBlank = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

export function isEmail(value: string): boolean {
  return EMAIL.test(value.trim());
}

/** "09:30" as minutes of the day; null when not a time. */
function minutes(time: unknown): number | null {
  if (typeof time !== 'string') return null;
  const match = /^(\d{1,2}):(\d{2})$/.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** A wait's delay in days (null when it is an until-wait or has no amount). */
export function delayDays(step: Step): number | null {
  if (step.mode === 'until') return null;
  const amount = Number(step.amount);
  if (!Number.isFinite(amount) || step.amount === '' || step.amount === undefined) return null;
  return amount * (UNIT_DAYS[String(step.unit ?? 'days')] ?? 1);
}

const TRIGGER_KEYS: Record<string, string[]> = {
  formSubmission: ['formId'],
  emailActivity: ['activity'],
  webhook: [],
  segmentEntered: ['segmentId'],
  segmentLeft: ['segmentId'],
  fieldChanged: ['field'],
  groupAdded: ['groupId'],
  groupRemoved: ['groupId'],
  tagAdded: ['tagId'],
  tagRemoved: ['tagId'],
  dateField: ['field', 'days', 'direction'],
  stageChanged: [],
  summaryNotification: ['frequency', 'recipients'],
};

export function triggerProblems(trigger: Trigger): FieldErrors {
  if (isBlank(trigger.kind)) return { kind: text.triggerRequired };
  const errors: FieldErrors = {};
  for (const key of TRIGGER_KEYS[trigger.kind] ?? []) if (isBlank(trigger[key])) errors[key] = text.triggerRequired;
  if (trigger.kind === 'summaryNotification' && typeof trigger.recipients === 'string' && trigger.recipients.trim()) {
    const bad = trigger.recipients.split(',').some((email) => !isEmail(email));
    if (bad) errors.recipients = text.emailInvalid;
  }
  return errors;
}

const STEP_KEYS: Partial<Record<Step['type'], [string, string][]>> = {
  sendEmail: [['templateId', text.template]],
  updateField: [['field', text.field]],
  addGroup: [['groupId', text.group]],
  removeGroup: [['groupId', text.group]],
  addTag: [['tagId', text.tag]],
  removeTag: [['tagId', text.tag]],
  notifyRep: [['subject', text.subject]],
  webhook: [['url', text.url]],
  condition: [['on', text.conditionOn]],
  goal: [['on', text.conditionOn]],
};

export function stepProblems(step: Step, settings: WorkflowSettings): FieldErrors {
  const errors: FieldErrors = {};
  for (const [key, label] of STEP_KEYS[step.type] ?? []) if (isBlank(step[key])) errors[key] = text.required(label);
  if (step.type === 'wait') {
    if (step.mode === 'until') {
      if (isBlank(step.weekday) && isBlank(step.monthDay) && isBlank(step.time)) errors.time = text.required(text.time);
    } else {
      const days = delayDays(step);
      const longest = settings.maxDelayDays;
      if (days === null || days <= 0) errors.amount = text.required(text.amount);
      else if (typeof longest === 'number' && longest > 0 && days > longest) errors.amount = text.delayOutside;
    }
  }
  if (step.type === 'split') {
    const total = (step.branches ?? []).reduce((sum, branch) => sum + (Number(branch.percent) || 0), 0);
    if (total !== 100) errors.branches = text.percentTotal;
  }
  if ((step.type === 'condition' || step.type === 'goal') && ['field'].includes(String(step.on)) && isBlank(step.field)) {
    errors.field = text.required(text.field);
  }
  if (step.type === 'notifyRep' && typeof step.fallbackEmail === 'string' && step.fallbackEmail.trim() && !isEmail(step.fallbackEmail)) {
    errors.fallbackEmail = text.emailInvalid;
  }
  return errors;
}

/** Every rule of 5.9 the builder can check before publishing. */
export function workflowProblems(meta: WorkflowMeta, definition: Definition): Problems {
  const fields: FieldErrors = {};
  if (!meta.name.trim()) fields.name = text.nameRequired;
  if (!meta.description.trim()) fields.description = text.nameRequired;
  const from = minutes(meta.settings.sendFrom);
  const to = minutes(meta.settings.sendTo);
  if (from !== null && to !== null && from >= to) fields.sendTo = text.timeOrder;

  const nodes: Record<string, FieldErrors> = {};
  const trigger = triggerProblems(definition.trigger);
  if (Object.keys(trigger).length) nodes[TRIGGER_ID] = trigger;
  for (const step of definition.steps) {
    const errors = stepProblems(step, meta.settings);
    if (Object.keys(errors).length) nodes[step.id] = errors;
  }
  for (const id of unreachableSteps(definition)) nodes[id] = { ...nodes[id], _node: text.notConnected };

  const general: string[] = [];
  const actions = definition.steps.filter((step) => !['wait', 'condition', 'split', 'goal', 'end'].includes(step.type));
  if (definition.start === null || actions.length === 0) general.push(text.actionRequired);
  return { fields, nodes, general };
}

export function hasProblems(problems: Problems): boolean {
  return Object.keys(problems.fields).length > 0 || Object.keys(problems.nodes).length > 0 || problems.general.length > 0;
}

/**
 * The server's field errors (ApiError.errors) placed like the builder's own: "steps.s2.templateId"
 * (or "s2.templateId", "trigger.formId") on that node's field, "settings.sendTo" and "name" on the
 * workflow's fields, the rest in general.
 */
export function placeServerErrors(errors: Record<string, string[]>, stepIds: string[]): Problems {
  const placed: Problems = { fields: {}, nodes: {}, general: [] };
  const ids = new Set([...stepIds, TRIGGER_ID]);
  for (const [key, list] of Object.entries(errors)) {
    const message = list[0];
    if (!message) continue;
    const parts = key.split('.').filter((part) => part !== 'steps' && part !== 'definition');
    if (parts.length && ids.has(parts[0])) {
      const field = parts.slice(1).join('.') || '_node';
      placed.nodes[parts[0]] = { ...placed.nodes[parts[0]], [field]: message };
    } else if (parts[0] === 'settings' && parts[1]) {
      placed.fields[parts[1]] = message;
    } else if (['name', 'description', 'tab', 'reEntry'].includes(key)) {
      placed.fields[key] = message;
    } else {
      placed.general.push(message);
    }
  }
  return placed;
}
