import { addStep, emptyDefinition, updateStep, updateTrigger, TRIGGER_ID } from './graph';
import { workflowMessages as text } from '../messages';
import { hasProblems, placeServerErrors, stepProblems, triggerProblems, workflowProblems } from './rules';

const at = { x: 0, y: 0 };
const meta = { name: 'Welcome', description: 'New sign-ups', settings: {} };

function valid() {
  let definition = updateTrigger(emptyDefinition(), { kind: 'tagAdded', tagId: 3 });
  definition = addStep(definition, 'sendEmail', at).definition;
  return updateStep(definition, 's1', { templateId: 9 });
}

test('a whole workflow passes', () => {
  expect(hasProblems(workflowProblems(meta, valid()))).toBe(false);
});

test('name and description are required, in the spec words', () => {
  const problems = workflowProblems({ ...meta, name: ' ', description: '' }, valid());
  expect(problems.fields).toEqual({ name: text.nameRequired, description: text.nameRequired });
});

test('from-time must be before to-time', () => {
  const problems = workflowProblems({ ...meta, settings: { sendFrom: '17:00', sendTo: '09:00' } }, valid());
  expect(problems.fields.sendTo).toBe('From-time must be before to-time.');
  expect(workflowProblems({ ...meta, settings: { sendFrom: '09:00', sendTo: '17:00' } }, valid()).fields).toEqual({});
});

test('at least one action: waits and ends alone are not one', () => {
  const empty = updateTrigger(emptyDefinition(), { kind: 'tagAdded', tagId: 3 });
  expect(workflowProblems(meta, empty).general).toEqual(['At least one action and one required action.']);
  const waits = updateStep(addStep(empty, 'wait', at).definition, 's1', { amount: 1, unit: 'days' });
  expect(workflowProblems(meta, waits).general).toEqual([text.actionRequired]);
});

test('trigger details are required', () => {
  expect(triggerProblems({ id: TRIGGER_ID, kind: '' })).toEqual({ kind: 'Trigger details are required.' });
  expect(triggerProblems({ id: TRIGGER_ID, kind: 'emailActivity' })).toEqual({ activity: text.triggerRequired });
  expect(triggerProblems({ id: TRIGGER_ID, kind: 'summaryNotification', frequency: 'week', recipients: 'a@b.com, nope' })).toEqual({
    recipients: 'An email must be valid.',
  });
});

test('the delay must fall within the workflow settings', () => {
  const wait = { id: 's1', type: 'wait' as const, amount: 3, unit: 'weeks' };
  expect(stepProblems(wait, { maxDelayDays: 20 })).toEqual({ amount: 'The delay must fall within the workflow settings.' });
  expect(stepProblems(wait, { maxDelayDays: 21 })).toEqual({});
  expect(stepProblems({ ...wait, amount: '' }, {})).toEqual({ amount: text.required(text.amount) });
  expect(stepProblems({ id: 's1', type: 'wait', mode: 'until', weekday: 1 }, {})).toEqual({});
});

test('split percentages add up to 100, and a rep fallback email must be valid', () => {
  expect(stepProblems({ id: 's1', type: 'split', branches: [{ percent: 50, next: null }, { percent: 40, next: null }] }, {})).toEqual({
    branches: text.percentTotal,
  });
  expect(stepProblems({ id: 's1', type: 'notifyRep', subject: 'Hi', fallbackEmail: 'x@' }, {})).toEqual({ fallbackEmail: text.emailInvalid });
});

test('a step the trigger does not reach is named', () => {
  const definition = updateStep(addStep(valid(), 'addTag', at).definition, 's2', { tagId: 1 });
  expect(workflowProblems(meta, definition).nodes.s2).toEqual({ _node: text.notConnected });
});

test("the server's errors land on the step and field they name", () => {
  const placed = placeServerErrors(
    {
      'steps.s1.templateId': ['Please fill Template'],
      'trigger.formId': ['Trigger details are required.'],
      'settings.sendTo': ['From-time must be before to-time.'],
      name: ['Name and description are required.'],
      definition: ['At least one action and one required action.'],
      s1: ['Unsaved actions block publishing.'],
    },
    ['s1'],
  );
  expect(placed).toEqual({
    fields: { sendTo: 'From-time must be before to-time.', name: 'Name and description are required.' },
    nodes: {
      s1: { templateId: 'Please fill Template', _node: 'Unsaved actions block publishing.' },
      trigger: { formId: 'Trigger details are required.' },
    },
    general: ['At least one action and one required action.'],
  });
});
