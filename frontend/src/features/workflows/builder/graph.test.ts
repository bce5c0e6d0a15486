import {
  addStep,
  branchChildren,
  canConnect,
  connect,
  deleteStep,
  disconnect,
  emptyDefinition,
  exits,
  fromJson,
  toJson,
  TRIGGER_ID,
  unreachableSteps,
  updateStep,
  type Definition,
} from './graph';
import { canUndo, HISTORY_LIMIT, historyPush, historyReplace, historyStart, historyUndo } from './history';

const at = { x: 0, y: 0 };

/** trigger -> s1 (condition) -yes-> s2 (sendEmail) -> s3 (end); -no-> s4 (addTag) -> s3 */
function branched(): Definition {
  let definition = emptyDefinition();
  definition = addStep(definition, 'condition', at).definition;
  definition = addStep(definition, 'sendEmail', at, { source: 's1', handle: 'yes' }).definition;
  definition = addStep(definition, 'end', at, { source: 's2', handle: 'next' }).definition;
  definition = addStep(definition, 'addTag', at, { source: 's1', handle: 'no' }).definition;
  return connect(definition, 's4', 'next', 's3');
}

test('the first step added becomes the start; later ones are placed after the exit they are added to', () => {
  const one = addStep(emptyDefinition(), 'sendEmail', { x: 10, y: 20 });
  expect(one.id).toBe('s1');
  expect(one.definition.start).toBe('s1');
  expect(one.definition.positions.s1).toEqual({ x: 10, y: 20 });
  const two = addStep(one.definition, 'wait', at, { source: TRIGGER_ID, handle: 'next' });
  // Inserted between the trigger and s1.
  expect(two.definition.start).toBe('s2');
  expect(two.definition.steps.find((step) => step.id === 's2')?.next).toBe('s1');
});

test('new steps start with the exits of their type', () => {
  const definition = branched();
  const split = addStep(definition, 'split', at).definition.steps.at(-1);
  expect(split?.branches).toEqual([
    { percent: 50, next: null },
    { percent: 50, next: null },
  ]);
  expect(definition.steps.find((step) => step.id === 's1')).toMatchObject({ yes: 's2', no: 's4' });
  expect(definition.steps.find((step) => step.id === 's3')).not.toHaveProperty('next');
});

test('edges follow every exit, the trigger included', () => {
  expect(exits(branched())).toEqual([
    { source: TRIGGER_ID, handle: 'next', target: 's1' },
    { source: 's1', handle: 'yes', target: 's2' },
    { source: 's1', handle: 'no', target: 's4' },
    { source: 's2', handle: 'next', target: 's3' },
    { source: 's4', handle: 'next', target: 's3' },
  ]);
});

test('loops, self joins and joins into the trigger are refused', () => {
  const definition = branched();
  expect(canConnect(definition, 's3', 's1')).toBe(false);
  expect(canConnect(definition, 's2', 's2')).toBe(false);
  expect(canConnect(definition, 's2', TRIGGER_ID)).toBe(false);
  expect(connect(definition, 's2', 'next', 's1')).toBe(definition);
  expect(canConnect(definition, 's2', 's4')).toBe(true);
});

test('disconnecting empties the exit', () => {
  expect(disconnect(branched(), 's1', 'yes').steps[0].yes).toBeNull();
  expect(disconnect(branched(), TRIGGER_ID, 'next').start).toBeNull();
});

test("deleting a condition deletes its children, but not a step another path still reaches", () => {
  const definition = branched();
  expect(branchChildren(definition, 's1').sort()).toEqual(['s2', 's3', 's4']);
  const after = deleteStep(definition, 's1');
  expect(after.steps).toEqual([]);
  expect(after.start).toBeNull();
  expect(Object.keys(after.positions)).toEqual([TRIGGER_ID]);

  // s3 is also reached from a wait placed before the condition: it stays.
  let shared = addStep(emptyDefinition(), 'wait', at).definition; // s1
  shared = addStep(shared, 'condition', at, { source: 's1', handle: 'next' }).definition; // s2
  shared = addStep(shared, 'sendEmail', at, { source: 's2', handle: 'yes' }).definition; // s3
  shared = addStep(shared, 'end', at, { source: 's3', handle: 'next' }).definition; // s4
  shared = updateStep(shared, 's1', {});
  expect(branchChildren(shared, 's2').sort()).toEqual(['s3', 's4']);
  const kept = deleteStep(shared, 's2');
  expect(kept.steps.map((step) => step.id)).toEqual(['s1']);
  expect(kept.steps[0].next).toBeNull();
});

test('deleting a split deletes its branches', () => {
  let definition = addStep(emptyDefinition(), 'split', at).definition;
  definition = addStep(definition, 'sendEmail', at, { source: 's1', handle: 'b0' }).definition;
  definition = addStep(definition, 'addTag', at, { source: 's1', handle: 'b1' }).definition;
  expect(branchChildren(definition, 's1').sort()).toEqual(['s2', 's3']);
  expect(deleteStep(definition, 's1').steps).toEqual([]);
});

test('deleting a step with one exit splices it out', () => {
  const definition = branched();
  const after = deleteStep(definition, 's4');
  expect(after.steps.find((step) => step.id === 's1')?.no).toBe('s3');
  expect(after.steps.map((step) => step.id)).toEqual(['s1', 's2', 's3']);
  expect(deleteStep(definition, 'nope')).toBe(definition);
});

test("editing a step keeps its id, type and exits; a split's new percentages keep their targets", () => {
  const definition = branched();
  const edited = updateStep(definition, 's2', { id: 'x', type: 'end', next: 's9', templateId: 7 });
  expect(edited.steps[1]).toEqual({ id: 's2', type: 'sendEmail', next: 's3', templateId: 7 });

  let split = addStep(emptyDefinition(), 'split', at).definition;
  split = addStep(split, 'end', at, { source: 's1', handle: 'b1' }).definition;
  const three = updateStep(split, 's1', { branches: [{ percent: 20 }, { percent: 30 }, { percent: 50 }] });
  expect(three.steps[0].branches).toEqual([
    { percent: 20, next: null },
    { percent: 30, next: 's2' },
    { percent: 50, next: null },
  ]);
});

/** trigger -> s1 (split in three) -b0-> s2, -b1-> s3, -b2-> s4 (ends) */
function threeWay(): Definition {
  let definition = addStep(emptyDefinition(), 'split', at).definition;
  definition = updateStep(definition, 's1', { branches: [{ percent: 20 }, { percent: 30 }, { percent: 50 }] });
  definition = addStep(definition, 'end', at, { source: 's1', handle: 'b0' }).definition;
  definition = addStep(definition, 'end', at, { source: 's1', handle: 'b1' }).definition;
  return addStep(definition, 'end', at, { source: 's1', handle: 'b2' }).definition;
}

test("removing a split's branch other than the last keeps the later branches on their own targets", () => {
  const definition = threeWay();
  expect(definition.steps[0].branches).toEqual([
    { percent: 20, next: 's2' },
    { percent: 30, next: 's3' },
    { percent: 50, next: 's4' },
  ]);
  // The panel removes branch B (from: where each branch was when the edit began).
  const removed = updateStep(definition, 's1', { branches: [{ percent: 20, from: 0 }, { percent: 80, from: 2 }] });
  expect(removed.steps[0].branches).toEqual([
    { percent: 20, next: 's2' },
    { percent: 80, next: 's4' },
  ]);
  // Removing the first and adding one: the added branch starts empty, not on a removed target.
  const swapped = updateStep(definition, 's1', {
    branches: [{ percent: 30, from: 1 }, { percent: 50, from: 2 }, { percent: 20, from: null }],
  });
  expect(swapped.steps[0].branches).toEqual([
    { percent: 30, next: 's3' },
    { percent: 50, next: 's4' },
    { percent: 20, next: null },
  ]);
});

test('the JSON round trip keeps the definition; missing positions are laid out under their parent', () => {
  const definition = branched();
  expect(fromJson(JSON.parse(JSON.stringify(toJson(definition))))).toEqual(toJson(definition));
  const loaded = fromJson({ trigger: { kind: 'emailActivity' }, steps: [{ id: 'a', type: 'end' }, { id: 'b', type: 'nope' }], start: 'a' });
  expect(loaded.trigger).toEqual({ id: TRIGGER_ID, kind: 'emailActivity' });
  expect(loaded.steps.map((step) => step.id)).toEqual(['a']);
  expect(loaded.positions.a.y).toBeGreaterThan(loaded.positions[TRIGGER_ID].y);
  expect(fromJson(null)).toEqual(emptyDefinition());
  expect(toJson(addStep(emptyDefinition(), 'end', { x: 1.4, y: 2.6 }).definition).positions.s1).toEqual({ x: 1, y: 3 });
});

test('unreachable steps are named', () => {
  const definition = addStep(branched(), 'goal', at).definition;
  expect(unreachableSteps(definition)).toEqual(['s5']);
});

test('the undo stack goes back one edit at a time, holds at most its limit, and ignores no-op edits', () => {
  let history = historyStart(1);
  expect(canUndo(history)).toBe(false);
  history = historyPush(history, 2);
  history = historyReplace(history, 3);
  history = historyPush(history, 4);
  expect(history.past).toEqual([1, 3]);
  expect(historyPush(history, 4)).toBe(history);
  history = historyUndo(historyUndo(history));
  expect(history).toEqual({ past: [], present: 1 });
  expect(historyUndo(history)).toBe(history);
  for (let n = 0; n < HISTORY_LIMIT + 10; n += 1) history = historyPush(history, n + 10);
  expect(history.past).toHaveLength(HISTORY_LIMIT);
});
