/**
 * Spec 5.9's rules as the builder checks them while you edit, mirroring the server's check
 * (marketing/workflows/services/checking.py) field by field and word for word, less what
 * only the server knows (whether a template, group or field still exists). The server's
 * answer to a refused publish is placed on the same fields by `placeServerErrors`.
 */
import { reachable, TRIGGER_ID, type Definition, type Step, type Trigger } from './graph';
import { workflowMessages as text } from '../messages';

export type FieldErrors = Record<string, string>;

export type TimeUnit = 'minutes' | 'hours' | 'days' | 'weeks' | 'months';

export interface WorkflowSettings {
  sendWindow?: { fromTime?: string | null; toTime?: string | null } | null;
  sendDays?: number[] | null;
  timeZone?: 'client' | 'profile';
  maxDelay?: { amount: number; unit: TimeUnit } | null;
}

export interface WorkflowMeta {
  name: string;
  description: string;
  settings: WorkflowSettings;
}

export interface Problems {
  /** The workflow's own fields: name, description, fromTime, toTime. */
  fields: FieldErrors;
  /** Per node id (the trigger's is "trigger"), per field ("rule.fieldName"...); "_node" is the node's own. */
  nodes: Record<string, FieldErrors>;
  /** What belongs to no field (no action). */
  general: string[];
}

// A month counts as 31 days against the longest delay, as the server counts it.
export const UNIT_MINUTES: Record<TimeUnit, number> = { minutes: 1, hours: 60, days: 1440, weeks: 10080, months: 44640 };
export const DELAY_MAX_DAYS = 365;
const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const REQUIRED_ACTIONS = new Set(['sendEmail', 'updateField', 'addGroup', 'removeGroup', 'addTag', 'removeTag', 'notifyRep', 'webhook']);

const TRIGGER_DETAILS: Record<string, string[]> = {
  formSubmission: ['formId'],
  emailActivity: ['activity'],
  webhook: ['webhookId'],
  segmentEntered: ['segmentId'],
  segmentLeft: ['segmentId'],
  fieldChanged: ['field'],
  groupAdded: ['groupId'],
  groupRemoved: ['groupId'],
  tagAdded: ['tagId'],
  tagRemoved: ['tagId'],
  dateField: ['field', 'days', 'when'],
  stageChanged: ['toStage'],
  summaryNotification: ['frequency', 'recipients'],
};

export const isBlank = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

export function isEmail(value: string): boolean {
  return EMAIL.test(value.trim());
}

function emailProblem(emails: unknown): string | null {
  if (!Array.isArray(emails)) return null;
  return emails.some((email) => !isEmail(String(email))) ? text.emailInvalid : null;
}

/** "3 weeks": the longest delay as the server words it. */
export function mostWords(minutes: number): string {
  for (const unit of ['weeks', 'days', 'hours'] as const) {
    if (minutes % UNIT_MINUTES[unit] === 0) return `${minutes / UNIT_MINUTES[unit]} ${unit}`;
  }
  return `${minutes} minutes`;
}

export function maxDelayMinutes(settings: WorkflowSettings): number {
  const most = settings.maxDelay;
  return most ? most.amount * UNIT_MINUTES[most.unit] : DELAY_MAX_DAYS * 1440;
}

export function settingsProblems(settings: WorkflowSettings): FieldErrors {
  const window = settings.sendWindow;
  if (!window || (!window.fromTime && !window.toTime)) return {};
  const errors: FieldErrors = {};
  for (const [field, label] of [
    ['fromTime', 'From Time'],
    ['toTime', 'To Time'],
  ] as const) {
    const value = window[field];
    if (!value) errors[field] = text.required(label);
    else if (!HH_MM.test(value)) errors[field] = text.timeFormat;
  }
  if (Object.keys(errors).length === 0 && String(window.fromTime) >= String(window.toTime)) errors.toTime = text.timeOrder;
  return errors;
}

export function triggerProblems(trigger: Trigger): FieldErrors {
  if (!trigger.kind) return { kind: text.triggerRequired };
  const errors: FieldErrors = {};
  for (const key of TRIGGER_DETAILS[trigger.kind] ?? []) if (isBlank(trigger[key])) errors[key] = text.triggerDetailsRequired;
  if (trigger.kind === 'webhook') errors.kind = text.webhookTriggerUnavailable;
  if (!errors.time && typeof trigger.time === 'string' && trigger.time && !HH_MM.test(trigger.time)) errors.time = text.timeFormat;
  const recipients = emailProblem(trigger.recipients);
  if (recipients && !errors.recipients) errors.recipients = recipients;
  return errors;
}

/**
 * A condition's problems, keyed as the server keys them ("condition.group.ids"). A field test is
 * checked by the server with the segment builder's rules; here only that it names a field.
 */
function conditionProblems(condition: Record<string, unknown> | undefined | null): FieldErrors {
  if (!condition || isBlank(condition.kind)) return { condition: text.ruleRequired };
  const kind = String(condition.kind);
  const where = `condition.${kind}`;
  if (kind === 'field') return isBlank(condition.field) ? { [where]: text.required('Field') } : {};
  if (kind === 'group' || kind === 'tag') {
    if (!isBlank(condition.operator) && !['in', 'notIn'].includes(String(condition.operator))) return { [`${where}.operator`]: text.required('Operator') };
    return isBlank(condition.ids) ? { [`${where}.ids`]: text.required(kind === 'group' ? 'Groups' : 'Tags') } : {};
  }
  if (kind === 'segment') return isBlank(condition.segmentId) ? { [`${where}.segmentId`]: text.required('Segment') } : {};
  if (kind === 'activity') {
    const errors: FieldErrors = {};
    if (isBlank(condition.activity)) errors[`${where}.activity`] = text.required('Email Activity');
    if (!isBlank(condition.operator) && !['did', 'didNot'].includes(String(condition.operator))) errors[`${where}.operator`] = text.required('Operator');
    return errors;
  }
  return {};
}

type Delay = { amount?: number | null; unit?: TimeUnit | null };
type Until = { weekdays?: number[]; monthDays?: number[]; time?: string };

function waitProblems(step: Step, settings: WorkflowSettings): FieldErrors {
  const delay = step.delay as Delay | undefined | null;
  const until = step.until as Until | undefined | null;
  if (!delay === !until) return { delay: text.waitRequired };
  if (delay) {
    if (isBlank(delay.amount) || isBlank(delay.unit)) return { 'delay.amount': text.delayRequired };
    const most = maxDelayMinutes(settings);
    const minutes = Number(delay.amount) * (UNIT_MINUTES[delay.unit as TimeUnit] ?? 1);
    return minutes > most ? { 'delay.amount': text.delayOutside(mostWords(most)) } : {};
  }
  const errors: FieldErrors = {};
  if (isBlank(until?.weekdays) && isBlank(until?.monthDays) && isBlank(until?.time)) errors['until.weekdays'] = text.waitDaysRequired;
  if (typeof until?.time === 'string' && until.time && !HH_MM.test(until.time)) errors['until.time'] = text.timeFormat;
  return errors;
}

export function stepProblems(step: Step, settings: WorkflowSettings): FieldErrors {
  const blank = (field: string, label: string): FieldErrors => (isBlank(step[field]) || String(step[field]).trim() === '' ? { [field]: text.required(label) } : {});
  switch (step.type) {
    case 'sendEmail': {
      const errors: FieldErrors = { ...blank('templateId', 'Template'), ...blank('subject', 'Subject') };
      if (isBlank(step.senderId)) errors.senderId = text.senderRequired;
      if (typeof step.replyTo === 'string' && step.replyTo && !isEmail(step.replyTo)) errors.replyTo = text.emailInvalid;
      return errors;
    }
    case 'wait':
      return waitProblems(step, settings);
    case 'condition':
    case 'goal':
      return conditionProblems(step.condition as Record<string, unknown> | undefined);
    case 'split': {
      const branches = step.branches ?? [];
      if (branches.length < 2) return { branches: text.splitBranches };
      const total = branches.reduce((sum, branch) => sum + (Number(branch.percent) || 0), 0);
      return total === 100 ? {} : { branches: text.percentTotal };
    }
    case 'updateField':
      return blank('field', 'Field');
    case 'addGroup':
    case 'removeGroup':
      return blank('groupIds', 'Groups');
    case 'addTag':
    case 'removeTag':
      return blank('tagIds', 'Tags');
    case 'notifyRep': {
      const errors: FieldErrors = { ...blank('subject', 'Subject'), ...blank('message', 'Message') };
      if (isBlank(step.senderId)) errors.senderId = text.notifySenderRequired;
      return errors;
    }
    case 'webhook':
      return { type: text.webhookStepUnavailable };
    case 'end':
      return {};
  }
}

/** Every rule of 5.9 the builder can check before publishing. */
export function workflowProblems(meta: WorkflowMeta, definition: Definition): Problems {
  const fields: FieldErrors = { ...settingsProblems(meta.settings) };
  if (!meta.name.trim()) fields.name = text.nameRequired;
  if (!meta.description.trim()) fields.description = text.descriptionRequired;

  const nodes: Record<string, FieldErrors> = {};
  const add = (id: string, errors: FieldErrors) => {
    if (Object.keys(errors).length) nodes[id] = { ...nodes[id], ...errors };
  };
  add(TRIGGER_ID, triggerProblems(definition.trigger));
  const general: string[] = [];
  const steps = definition.steps;
  if (!steps.some((step) => step.type !== 'end')) general.push(text.actionRequired);
  else if (!steps.some((step) => REQUIRED_ACTIONS.has(step.type))) general.push(text.requiredActionRequired);
  if (steps.length && definition.start === null) add(TRIGGER_ID, { _node: text.startRequired });
  if (definition.start !== null) {
    const live = reachable(definition, [TRIGGER_ID]);
    for (const step of steps) if (!live.has(step.id)) add(step.id, { _node: text.notConnected });
  }
  for (const step of steps) add(step.id, stepProblems(step, meta.settings));
  return { fields, nodes, general };
}

export function hasProblems(problems: Problems): boolean {
  return Object.keys(problems.fields).length > 0 || Object.keys(problems.nodes).length > 0 || problems.general.length > 0;
}

/** A node's problems that are its own rather than one field's (its place in the graph, an unsaved edit). */
const NODE_FIELDS = new Set(['step', 'id', 'next', 'start', 'type']);

/**
 * The server's field errors (ApiError.errors of a refused publish) placed like the builder's
 * own: "steps.<id>.<field>" and "trigger.<field>" on that node's field, "settings.<field>",
 * "name" and "description" on the workflow's fields, the rest in general.
 */
export function placeServerErrors(errors: Record<string, string[]>): Problems {
  const placed: Problems = { fields: {}, nodes: {}, general: [] };
  for (const [key, list] of Object.entries(errors)) {
    const message = list[0];
    if (!message) continue;
    const parts = key.split('.');
    if ((parts[0] === 'steps' && parts.length >= 3) || (parts[0] === TRIGGER_ID && parts.length >= 2)) {
      const id = parts[0] === 'steps' ? parts[1] : TRIGGER_ID;
      const rest = parts.slice(parts[0] === 'steps' ? 2 : 1).join('.');
      const field = NODE_FIELDS.has(rest) ? '_node' : rest;
      placed.nodes[id] = { ...placed.nodes[id], [field]: message };
    } else if (parts[0] === 'settings' && parts.length >= 2) {
      placed.fields[parts[parts.length - 1]] = message;
    } else if (key === 'name' || key === 'description') {
      placed.fields[key] = message;
    } else {
      placed.general.push(message);
    }
  }
  return placed;
}
