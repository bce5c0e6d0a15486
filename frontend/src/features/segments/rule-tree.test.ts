import type { FieldOption, RuleOptions } from './api';
import {
  addChild,
  draftOf,
  errorPath,
  firstRule,
  fromWire,
  groupNode,
  isComplete,
  placeErrors,
  removeNode,
  ruleNode,
  setOperator,
  toWire,
  unfinishedRules,
  updateRule,
  type ActivityDraft,
  type FieldDraft,
  type FormDraft,
  type GroupNode,
} from './rule-tree';

const field = (key: string, type: string, operators: string[], options: string[] = []): FieldOption => ({ key, label: key, type, options, operators });
const options: Pick<RuleOptions, 'fields'> = {
  fields: [
    field('email', 'email', ['equals', 'contains', 'isEmpty']),
    field('custom.score', 'number', ['equals', 'greaterThan', 'between']),
    field('custom.plan', 'choice', ['in', 'notIn'], ['Gold', 'Silver']),
    field('custom.vip', 'boolean', ['is']),
    field('custom.renewal', 'date', ['date', 'isEmpty']),
    field('rep', 'rep', ['in']),
  ],
};
const fields = new Map(options.fields.map((f) => [f.key, f]));

const withField = (key: string, change: Partial<FieldDraft>) => ({ ...(draftOf(`field:${key}`, options) as FieldDraft), ...change });

test('a new rule starts from the first field and its first operator; each kind has its defaults', () => {
  expect(firstRule(options).rule).toMatchObject({ type: 'field', field: 'email', operator: 'equals', value: '' });
  expect(draftOf('field:custom.vip', options)).toMatchObject({ operator: 'is', value: 'true' });
  expect(draftOf('tags', options)).toEqual({ type: 'tags', operator: 'in', ids: [] });
  expect(draftOf('activity', options)).toMatchObject({ event: 'opened', operator: 'did', campaign: 'any', minCount: '1', window: { frequency: 'last', amount: '30', unit: 'days' } });
});

test('adds, edits and removes rules and groups; a group left empty goes, the root stays', () => {
  const rule = ruleNode(withField('email', { value: 'a' }));
  let tree: GroupNode = groupNode('or', [rule]);
  const inner = groupNode('and', [ruleNode(draftOf('csb', options))]);
  tree = addChild(tree, tree.id, inner);
  tree = addChild(tree, inner.id, ruleNode(draftOf('subscription', options)));
  expect((tree.children[1] as GroupNode).children).toHaveLength(2);

  tree = setOperator(tree, inner.id, 'or');
  expect((tree.children[1] as GroupNode).operator).toBe('or');
  tree = updateRule(tree, rule.id, withField('email', { value: 'b' }));
  expect(tree.children[0]).toMatchObject({ id: rule.id, rule: { value: 'b' } });

  const [csb, subscription] = (tree.children[1] as GroupNode).children;
  tree = removeNode(tree, csb.id);
  tree = removeNode(tree, subscription.id);
  expect(tree.children.map((child) => child.id)).toEqual([rule.id]);
  tree = removeNode(tree, rule.id);
  expect(tree.children).toEqual([]);
});

test('the wire form types values by the field: numbers, booleans, rep ids, dates; activity windows', () => {
  const tree = groupNode('or', [
    groupNode('and', [
      ruleNode(withField('custom.score', { operator: 'between', valueFrom: '1', valueTo: '5.5' })),
      ruleNode(withField('custom.vip', { value: 'false' })),
      ruleNode(withField('rep', { values: ['4', '9'] })),
    ]),
    groupNode('and', [
      ruleNode(withField('custom.renewal', { date: { frequency: 'between', unit: 'days', amount: '', date: '', dateFrom: '2026-01-01', dateTo: '2026-02-01' } })),
      ruleNode({ ...(draftOf('activity', options) as ActivityDraft), campaign: 'one', campaignId: '12', minCount: '3' }),
      ruleNode({ type: 'groups', operator: 'notIn', ids: [3] }),
    ]),
  ]);
  expect(toWire(tree, fields).rules).toEqual({
    type: 'or',
    rules: [
      {
        type: 'and',
        rules: [
          { type: 'field', field: 'custom.score', operator: 'between', valueFrom: 1, valueTo: 5.5 },
          { type: 'field', field: 'custom.vip', operator: 'is', value: false },
          { type: 'field', field: 'rep', operator: 'in', values: [4, 9] },
        ],
      },
      {
        type: 'and',
        rules: [
          { type: 'field', field: 'custom.renewal', operator: 'date', date: { frequency: 'between', dateFrom: '2026-01-01', dateTo: '2026-02-01' } },
          { type: 'activity', event: 'opened', operator: 'did', campaignId: 12, minCount: 3, window: { frequency: 'last', unit: 'days', amount: 30 } },
          { type: 'groups', operator: 'notIn', ids: [3] },
        ],
      },
    ],
  });
});

test('a saved tree reads back into the same wire form', () => {
  const wire = {
    type: 'and' as const,
    rules: [
      { type: 'field' as const, field: 'custom.plan', operator: 'in' as const, values: ['Gold'] },
      { type: 'or' as const, rules: [{ type: 'tags' as const, operator: 'in' as const, ids: [9] }, { type: 'activity' as const, event: 'clicked' as const, operator: 'didNot' as const, minCount: 1 }] },
    ],
  };
  expect(toWire(fromWire(wire), fields).rules).toEqual(wire);
});

test('the live count leaves unfinished rules and emptied groups out, and knows the paths it sent', () => {
  const unfinished = ruleNode(withField('email', { value: ' ' }));
  const done = ruleNode(withField('email', { value: 'x' }));
  const emptyGroup = groupNode('and', [ruleNode({ type: 'tags', operator: 'in', ids: [] })]);
  const later = groupNode('and', [ruleNode(draftOf('csb', options))]);
  const tree = groupNode('or', [unfinished, emptyGroup, done, later]);
  expect(isComplete(unfinished.rule as FieldDraft)).toBe(false);
  expect(unfinishedRules(tree)).toBe(2);
  const { rules, paths } = toWire(tree, fields, { onlyComplete: true });
  expect(rules).toEqual({
    type: 'or',
    rules: [
      { type: 'field', field: 'email', operator: 'equals', value: 'x' },
      { type: 'and', rules: [{ type: 'csb', value: true }] },
    ],
  });
  expect(paths).toEqual({ '': tree.id, '0': done.id, '1': later.id, '1.0': later.children[0].id });
  expect(toWire(groupNode('and', [unfinished]), fields, { onlyComplete: true }).rules).toBeNull();
});

test("API error keys find their rule, in the schema's spelling and the field check's", () => {
  expect(errorPath('rules.or.rules.0.and.rules.1.field')).toBe('0.1');
  expect(errorPath('rules.or.rules.1.activity.window')).toBe('1');
  expect(errorPath('rules.and.rules')).toBe('');
  expect(errorPath('rules.1.0')).toBe('1.0');
  expect(errorPath('name')).toBeNull();

  const a = ruleNode(draftOf('csb', options));
  const b = ruleNode(draftOf('activity', options));
  const tree = groupNode('or', [groupNode('and', [a]), b]);
  const { paths } = toWire(tree, fields);
  const placed = placeErrors(
    {
      'rules.or.rules.0.and.rules.0.field': ['To must be greater than From.'],
      'rules.or.rules.1.activity.window': ['Days, weeks or months must be greater than zero.'],
      name: ['A segment with this name already exists.'],
    },
    paths,
  );
  expect(placed.byNode).toEqual({ [a.id]: ['To must be greater than From.'], [b.id]: ['Days, weeks or months must be greater than zero.'] });
  expect(placed.other).toEqual({ name: ['A segment with this name already exists.'] });
});

test('a "submitted form" rule: unfinished without a form, its window only when chosen, read back the same', () => {
  const draft = draftOf('form', options);
  expect(draft).toMatchObject({ type: 'form', operator: 'did', ids: [], window: { frequency: '' } });
  expect(isComplete(draft)).toBe(false);
  const chosen = { ...(draft as FormDraft), ids: [4, 7] };
  expect(isComplete(chosen)).toBe(true);
  expect(toWire(groupNode('and', [ruleNode(chosen)]), fields).rules).toEqual({ type: 'and', rules: [{ type: 'form', operator: 'did', ids: [4, 7] }] });
  const wire = {
    type: 'and' as const,
    rules: [{ type: 'form' as const, operator: 'didNot' as const, ids: [4], window: { frequency: 'last' as const, unit: 'days' as const, amount: 30 } }],
  };
  expect(toWire(fromWire(wire), fields).rules).toEqual(wire);
});
