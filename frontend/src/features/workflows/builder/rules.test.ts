import { addStep, emptyDefinition, updateStep, updateTrigger, TRIGGER_ID } from './graph';
import { workflowMessages as text } from '../messages';
import { hasProblems, mostWords, placeServerErrors, settingsProblems, stepProblems, triggerProblems, workflowProblems } from './rules';

const at = { x: 0, y: 0 };
const meta = { name: 'Welcome', description: 'New sign-ups', settings: {} };

function valid() {
  let definition = updateTrigger(emptyDefinition(), { kind: 'tagAdded', tagId: 3 });
  definition = addStep(definition, 'sendEmail', at).definition;
  return updateStep(definition, 's1', { templateId: 9, senderId: 2, subject: 'Hello' });
}

test('a whole workflow passes', () => {
  expect(hasProblems(workflowProblems(meta, valid()))).toBe(false);
});

test('name and description are required, in the API words', () => {
  const problems = workflowProblems({ ...meta, name: ' ', description: '' }, valid());
  expect(problems.fields).toEqual({ name: 'Please fill Workflow Name', description: 'Please fill Description' });
});

test('from-time must be before to-time; both are needed once one is set', () => {
  expect(settingsProblems({ sendWindow: { fromTime: '17:00', toTime: '09:00' } })).toEqual({ toTime: 'From-time must be before to-time.' });
  expect(settingsProblems({ sendWindow: { fromTime: '09:00', toTime: '' } })).toEqual({ toTime: 'Please fill To Time' });
  expect(settingsProblems({ sendWindow: { fromTime: '9', toTime: '10:00' } })).toEqual({ fromTime: text.timeFormat });
  expect(settingsProblems({ sendWindow: { fromTime: '09:00', toTime: '17:00' } })).toEqual({});
});

test('at least one action, and one required action', () => {
  const empty = updateTrigger(emptyDefinition(), { kind: 'tagAdded', tagId: 3 });
  expect(workflowProblems(meta, empty).general).toEqual(['Please add at least one action.']);
  const waits = addStep(empty, 'wait', at).definition;
  expect(workflowProblems(meta, waits).general).toEqual([text.requiredActionRequired]);
});

test('trigger details are required', () => {
  expect(triggerProblems({ id: TRIGGER_ID, kind: '' })).toEqual({ kind: 'Please choose a trigger.' });
  expect(triggerProblems({ id: TRIGGER_ID, kind: 'emailActivity' })).toEqual({ activity: 'Trigger details are required.' });
  expect(triggerProblems({ id: TRIGGER_ID, kind: 'summaryNotification', frequency: 'week', recipients: ['a@b.com', 'nope'] })).toEqual({
    recipients: 'Please enter valid Email ID',
  });
});

test('the delay must fall within the workflow settings', () => {
  const wait = { id: 's1', type: 'wait' as const, delay: { amount: 3, unit: 'weeks' } };
  expect(stepProblems(wait, { maxDelay: { amount: 20, unit: 'days' } })).toEqual({
    'delay.amount': 'The delay must fall within the workflow settings: at most 20 days.',
  });
  expect(stepProblems(wait, { maxDelay: { amount: 3, unit: 'weeks' } })).toEqual({});
  expect(stepProblems({ ...wait, delay: { amount: 13, unit: 'months' } }, {})).toEqual({ 'delay.amount': text.delayOutside('365 days') });
  expect(stepProblems({ ...wait, delay: { unit: 'days' } }, {})).toEqual({ 'delay.amount': 'Please fill Delay' });
  expect(stepProblems({ id: 's1', type: 'wait' }, {})).toEqual({ delay: text.waitRequired });
  expect(stepProblems({ id: 's1', type: 'wait', until: { weekdays: [1] } }, {})).toEqual({});
  expect(stepProblems({ id: 's1', type: 'wait', until: { zone: 'client' } }, {})).toEqual({ 'until.weekdays': text.waitDaysRequired });
  expect(stepProblems({ id: 's1', type: 'wait', until: { time: '9am' } }, {})).toEqual({ 'until.time': text.timeFormat });
  expect(mostWords(90)).toBe('90 minutes');
});

test('each step type asks for what it needs', () => {
  expect(stepProblems({ id: 's1', type: 'sendEmail' }, {})).toEqual({
    templateId: 'Please fill Template',
    subject: 'Please fill Subject',
    senderId: text.senderRequired,
  });
  expect(stepProblems({ id: 's1', type: 'sendEmail', templateId: 1, subject: 'Hi', senderId: 2, useRepAsSender: true, replyTo: 'x@' }, {})).toEqual({ replyTo: text.emailInvalid });
  expect(stepProblems({ id: 's1', type: 'split', branches: [{ percent: 50, next: null }, { percent: 40, next: null }] }, {})).toEqual({ branches: text.percentTotal });
  expect(stepProblems({ id: 's1', type: 'split', branches: [{ percent: 100, next: null }] }, {})).toEqual({ branches: text.splitBranches });
  expect(stepProblems({ id: 's1', type: 'notifyRep', subject: 'Hi', message: 'Call' }, {})).toEqual({ senderId: text.notifySenderRequired });
  expect(stepProblems({ id: 's1', type: 'addTag', tagIds: [] }, {})).toEqual({ tagIds: 'Please fill Tags' });
  expect(stepProblems({ id: 's1', type: 'updateField', field: 'city' }, {})).toEqual({});
  expect(stepProblems({ id: 's1', type: 'webhook' }, {})).toEqual({ type: text.webhookStepUnavailable });
  expect(stepProblems({ id: 's1', type: 'condition' }, {})).toEqual({ condition: 'Please fill Rule' });
  expect(stepProblems({ id: 's1', type: 'condition', condition: { kind: 'group', operator: 'in' } }, {})).toEqual({ 'condition.group.ids': 'Please fill Groups' });
  expect(stepProblems({ id: 's1', type: 'condition', condition: { kind: 'field' } }, {})).toEqual({ 'condition.field': 'Please fill Field' });
  expect(stepProblems({ id: 's1', type: 'goal', condition: { kind: 'activity', operator: 'did' } }, {})).toEqual({ 'condition.activity.activity': 'Please fill Email Activity' });
  expect(stepProblems({ id: 's1', type: 'goal', condition: { kind: 'segment', segmentId: 4 } }, {})).toEqual({});
});

test('a step the trigger does not reach is named, and so is a trigger leading nowhere', () => {
  const definition = updateStep(addStep(valid(), 'addTag', at).definition, 's2', { tagIds: [1] });
  expect(workflowProblems(meta, definition).nodes.s2).toEqual({ _node: text.notConnected });
  const nowhere = { ...valid(), start: null };
  expect(workflowProblems(meta, nowhere).nodes[TRIGGER_ID]).toEqual({ _node: text.startRequired });
});

test("the server's errors land on the step and field they name", () => {
  const placed = placeServerErrors({
    'steps.s1.templateId': ['The selected template does not exist.'],
    'steps.s1.condition.field.ids': ['Please fill Groups'],
    'steps.s2.step': ['Please save this action before publishing.'],
    'trigger.formId': ['Trigger details are required.'],
    'trigger.start': ['Please connect the trigger to the first step.'],
    'settings.toTime': ['From-time must be before to-time.'],
    name: ['Please fill Workflow Name'],
    steps: ['Please add at least one action.'],
  });
  expect(placed).toEqual({
    fields: { toTime: 'From-time must be before to-time.', name: 'Please fill Workflow Name' },
    nodes: {
      s1: { templateId: 'The selected template does not exist.', 'condition.field.ids': 'Please fill Groups' },
      s2: { _node: 'Please save this action before publishing.' },
      trigger: { formId: 'Trigger details are required.', _node: 'Please connect the trigger to the first step.' },
    },
    general: ['Please add at least one action.'],
  });
});
