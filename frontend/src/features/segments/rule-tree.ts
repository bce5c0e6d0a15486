import type { EventName, FieldOperator, FieldOption, RuleOptions, RuleTree, SubscriptionState, WireDateCondition, WireRule } from './api';

/**
 * The builder's state: the rule tree as the user edits it (inputs hold text, rules may be
 * unfinished), every node with an id so that React keys and API errors find it. The wire
 * form (marketing/segments/rules.py) is made from it by `toWire` and read back by `fromWire`.
 */

export type Frequency = NonNullable<WireDateCondition['frequency']>;
export type Unit = NonNullable<WireDateCondition['unit']>;

/** Spec 5.1's date rule as typed: `frequency` '' is "not chosen" (for activity: any time). */
export interface DateDraft {
  frequency: Frequency | '';
  unit: Unit;
  amount: string;
  date: string;
  dateFrom: string;
  dateTo: string;
}

export interface FieldDraft {
  type: 'field';
  field: string;
  operator: FieldOperator;
  value: string;
  values: string[];
  valueFrom: string;
  valueTo: string;
  date: DateDraft;
}

export interface MembershipDraft {
  type: 'groups' | 'tags';
  operator: 'in' | 'notIn';
  ids: number[];
}

export interface CsbDraft {
  type: 'csb';
  value: boolean;
}

export interface SubscriptionDraft {
  type: 'subscription';
  state: SubscriptionState;
}

export interface ActivityDraft {
  type: 'activity';
  event: EventName;
  operator: 'did' | 'didNot';
  /** Any campaign, or the one whose id is `campaignId`. */
  campaign: 'any' | 'one';
  campaignId: string;
  minCount: string;
  window: DateDraft;
}

/** Submitted one of the forms `ids` (or none of them), in the window or ever. */
export interface FormDraft {
  type: 'form';
  operator: 'did' | 'didNot';
  ids: number[];
  window: DateDraft;
}

export type RuleDraft = FieldDraft | MembershipDraft | CsbDraft | SubscriptionDraft | ActivityDraft | FormDraft;
export type Combinator = 'and' | 'or';

export interface RuleNode {
  id: string;
  kind: 'rule';
  rule: RuleDraft;
}

export interface GroupNode {
  id: string;
  kind: 'group';
  operator: Combinator;
  children: TreeNode[];
}

export type TreeNode = RuleNode | GroupNode;

/** The server's limits (rules.py MAX_RULES, MAX_DEPTH): rules nest at most 4 deep, so groups 3 below the root. */
export const MAX_RULES = 50;
export const MAX_GROUP_DEPTH = 3;

let lastId = 0;
const nextId = () => `node-${++lastId}`;

export const emptyDate = (): DateDraft => ({ frequency: '', unit: 'days', amount: '', date: '', dateFrom: '', dateTo: '' });

/** The rule kinds a rule picks from: a profile field (`field:<key>`) or one of the others. */
export type RuleKind = `field:${string}` | 'groups' | 'tags' | 'csb' | 'subscription' | 'activity' | 'form';

export function ruleKind(rule: RuleDraft): RuleKind {
  return rule.type === 'field' ? `field:${rule.field}` : rule.type;
}

export function fieldDraft(field: FieldOption): FieldDraft {
  return {
    type: 'field',
    field: field.key,
    operator: (field.operators[0] ?? 'equals') as FieldOperator,
    value: field.type === 'boolean' ? 'true' : '',
    values: [],
    valueFrom: '',
    valueTo: '',
    date: emptyDate(),
  };
}

/** A new rule of a kind, with the defaults a marketer starts from. */
export function draftOf(kind: RuleKind, options: Pick<RuleOptions, 'fields'>): RuleDraft {
  if (kind.startsWith('field:')) {
    const key = kind.slice('field:'.length);
    const field = options.fields.find((candidate) => candidate.key === key);
    return field ? fieldDraft(field) : { ...fieldDraft({ key, label: key, type: 'text', options: [], operators: ['equals'] }) };
  }
  switch (kind) {
    case 'groups':
    case 'tags':
      return { type: kind, operator: 'in', ids: [] };
    case 'csb':
      return { type: 'csb', value: true };
    case 'subscription':
      return { type: 'subscription', state: 'subscribed' };
    case 'form':
      return { type: 'form', operator: 'did', ids: [], window: emptyDate() };
    default:
      return {
        type: 'activity',
        event: 'opened',
        operator: 'did',
        campaign: 'any',
        campaignId: '',
        minCount: '1',
        window: { ...emptyDate(), frequency: 'last', amount: '30' },
      };
  }
}

export function ruleNode(rule: RuleDraft): RuleNode {
  return { id: nextId(), kind: 'rule', rule };
}

export function groupNode(operator: Combinator, children: TreeNode[]): GroupNode {
  return { id: nextId(), kind: 'group', operator, children };
}

/** The first rule a new segment or group starts with: the first profile field (e-mail). */
export function firstRule(options: Pick<RuleOptions, 'fields'>): RuleNode {
  return ruleNode(options.fields[0] ? fieldDraft(options.fields[0]) : draftOf('subscription', options));
}

function mapGroups(node: GroupNode, change: (group: GroupNode) => GroupNode): GroupNode {
  const children = node.children.map((child) => (child.kind === 'group' ? mapGroups(child, change) : child));
  return change(children.every((child, index) => child === node.children[index]) ? node : { ...node, children });
}

export function addChild(tree: GroupNode, groupId: string, child: TreeNode): GroupNode {
  return mapGroups(tree, (group) => (group.id === groupId ? { ...group, children: [...group.children, child] } : group));
}

/** Removes a rule or group; a group left with no rules goes too (the API refuses empty groups), never the root. */
export function removeNode(tree: GroupNode, id: string): GroupNode {
  const prune = (group: GroupNode): GroupNode => ({
    ...group,
    children: group.children
      .filter((child) => child.id !== id)
      .map((child) => (child.kind === 'group' ? prune(child) : child))
      .filter((child) => child.kind === 'rule' || child.children.length > 0),
  });
  return prune(tree);
}

export function updateRule(tree: GroupNode, id: string, rule: RuleDraft): GroupNode {
  return mapGroups(tree, (group) =>
    group.children.some((child) => child.id === id)
      ? { ...group, children: group.children.map((child) => (child.id === id && child.kind === 'rule' ? { ...child, rule } : child)) }
      : group,
  );
}

export function setOperator(tree: GroupNode, groupId: string, operator: Combinator): GroupNode {
  return mapGroups(tree, (group) => (group.id === groupId ? { ...group, operator } : group));
}

export function ruleCount(node: TreeNode): number {
  return node.kind === 'rule' ? 1 : node.children.reduce((sum, child) => sum + ruleCount(child), 0);
}

/** How many rules still lack a value (the live count leaves them out). */
export function unfinishedRules(node: TreeNode): number {
  return node.kind === 'rule' ? (isComplete(node.rule) ? 0 : 1) : node.children.reduce((sum, child) => sum + unfinishedRules(child), 0);
}

const filled = (text: string) => text.trim() !== '';

function dateComplete(date: DateDraft): boolean {
  switch (date.frequency) {
    case '':
      return false;
    case 'last':
    case 'next':
      return filled(date.amount);
    case 'between':
      return filled(date.dateFrom) && filled(date.dateTo);
    default:
      return filled(date.date);
  }
}

/** Whether a rule has every value it needs: the live count leaves unfinished rules out. */
export function isComplete(rule: RuleDraft): boolean {
  switch (rule.type) {
    case 'field':
      switch (rule.operator) {
        case 'isEmpty':
        case 'isNotEmpty':
          return true;
        case 'between':
          return filled(rule.valueFrom) && filled(rule.valueTo);
        case 'in':
        case 'notIn':
        case 'containsAny':
        case 'containsAll':
        case 'notContainsAny':
          return rule.values.length > 0;
        case 'date':
          return dateComplete(rule.date);
        default:
          return filled(rule.value);
      }
    case 'groups':
    case 'tags':
      return rule.ids.length > 0;
    case 'activity':
      return filled(rule.minCount) && (rule.window.frequency === '' || dateComplete(rule.window)) && (rule.campaign === 'any' || filled(rule.campaignId));
    case 'form':
      return rule.ids.length > 0 && (rule.window.frequency === '' || dateComplete(rule.window));
    default:
      return true;
  }
}

/** A number typed in an input: sent as a number when it is one, as typed otherwise (the API then says why). */
function numberOf(text: string): number | undefined {
  if (!filled(text)) return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

function dateToWire(date: DateDraft): WireDateCondition {
  const wire: WireDateCondition = {};
  if (date.frequency) wire.frequency = date.frequency;
  if (date.frequency === 'last' || date.frequency === 'next') {
    wire.unit = date.unit;
    const amount = numberOf(date.amount);
    if (amount !== undefined) wire.amount = amount;
  } else if (date.frequency === 'between') {
    if (date.dateFrom) wire.dateFrom = date.dateFrom;
    if (date.dateTo) wire.dateTo = date.dateTo;
  } else if (date.date) {
    wire.date = date.date;
  }
  return wire;
}

const listOperators = new Set<FieldOperator>(['in', 'notIn', 'containsAny', 'containsAll', 'notContainsAny']);

function fieldToWire(rule: FieldDraft, field: FieldOption | undefined): WireRule {
  const wire: WireRule = { type: 'field', field: rule.field, operator: rule.operator };
  const type = field?.type ?? 'text';
  if (rule.operator === 'isEmpty' || rule.operator === 'isNotEmpty') return wire;
  if (rule.operator === 'between') {
    const [from, to] = [numberOf(rule.valueFrom), numberOf(rule.valueTo)];
    return { ...wire, ...(from !== undefined && { valueFrom: from }), ...(to !== undefined && { valueTo: to }) };
  }
  if (listOperators.has(rule.operator)) {
    return { ...wire, values: type === 'rep' ? rule.values.map(Number).filter(Number.isInteger) : rule.values };
  }
  if (rule.operator === 'date') return { ...wire, date: dateToWire(rule.date) };
  if (type === 'boolean') return { ...wire, value: rule.value === 'true' };
  if (type === 'number') {
    const value = numberOf(rule.value);
    return value === undefined ? wire : { ...wire, value };
  }
  return filled(rule.value) ? { ...wire, value: rule.value } : wire;
}

function ruleToWire(rule: RuleDraft, fields: ReadonlyMap<string, FieldOption>): WireRule {
  switch (rule.type) {
    case 'field':
      return fieldToWire(rule, fields.get(rule.field));
    case 'groups':
    case 'tags':
      return { type: rule.type, operator: rule.operator, ids: rule.ids };
    case 'csb':
      return { type: 'csb', value: rule.value };
    case 'subscription':
      return { type: 'subscription', state: rule.state };
    case 'activity': {
      const campaignId = rule.campaign === 'one' ? numberOf(rule.campaignId) : undefined;
      return {
        type: 'activity',
        event: rule.event,
        operator: rule.operator,
        minCount: numberOf(rule.minCount) ?? 1,
        ...(campaignId !== undefined && { campaignId }),
        ...(rule.window.frequency !== '' && { window: dateToWire(rule.window) }),
      };
    }
    case 'form':
      return {
        type: 'form',
        operator: rule.operator,
        ids: rule.ids,
        ...(rule.window.frequency !== '' && { window: dateToWire(rule.window) }),
      };
  }
}

export interface Wire {
  /** The tree as the API takes it; null when nothing is left to send. */
  rules: RuleTree | null;
  /** Which node each path of the sent tree is: '' the root, '0.2' the root's first child's third. */
  paths: Record<string, string>;
}

/**
 * The wire form of the tree. `onlyComplete` leaves unfinished rules (and groups left empty)
 * out, as the live count does; saving sends everything, so that the API names what is missing.
 */
export function toWire(tree: GroupNode, fields: ReadonlyMap<string, FieldOption>, { onlyComplete = false } = {}): Wire {
  const walk = (group: GroupNode, path: string, paths: Record<string, string>): RuleTree | null => {
    const rules: WireRule[] = [];
    const found: Record<string, string> = { [path]: group.id };
    for (const child of group.children) {
      const childPath = path === '' ? String(rules.length) : `${path}.${rules.length}`;
      if (child.kind === 'group') {
        const wire = walk(child, childPath, found);
        if (wire) rules.push(wire);
      } else if (!onlyComplete || isComplete(child.rule)) {
        found[childPath] = child.id;
        rules.push(ruleToWire(child.rule, fields));
      }
    }
    if (rules.length === 0 && onlyComplete) return null;
    Object.assign(paths, found);
    return { type: group.operator, rules };
  };
  const paths: Record<string, string> = {};
  const rules = walk(tree, '', paths);
  return { rules, paths };
}

function dateFromWire(wire: WireDateCondition | null | undefined): DateDraft {
  if (!wire) return emptyDate();
  return {
    frequency: wire.frequency ?? '',
    unit: wire.unit ?? 'days',
    amount: wire.amount == null ? '' : String(wire.amount),
    date: wire.date ?? '',
    dateFrom: wire.dateFrom ?? '',
    dateTo: wire.dateTo ?? '',
  };
}

function ruleFromWire(wire: WireRule): TreeNode {
  switch (wire.type) {
    case 'and':
    case 'or':
      return groupNode(wire.type, wire.rules.map(ruleFromWire));
    case 'field':
      return ruleNode({
        type: 'field',
        field: wire.field,
        operator: wire.operator,
        value: wire.value == null ? '' : String(wire.value),
        values: (wire.values ?? []).map(String),
        valueFrom: wire.valueFrom == null ? '' : String(wire.valueFrom),
        valueTo: wire.valueTo == null ? '' : String(wire.valueTo),
        date: dateFromWire(wire.date),
      });
    case 'groups':
    case 'tags':
      return ruleNode({ type: wire.type, operator: wire.operator, ids: wire.ids });
    case 'csb':
      return ruleNode({ type: 'csb', value: wire.value });
    case 'subscription':
      return ruleNode({ type: 'subscription', state: wire.state });
    case 'activity':
      return ruleNode({
        type: 'activity',
        event: wire.event,
        operator: wire.operator,
        campaign: wire.campaignId == null ? 'any' : 'one',
        campaignId: wire.campaignId == null ? '' : String(wire.campaignId),
        minCount: String(wire.minCount ?? 1),
        window: dateFromWire(wire.window),
      });
    case 'form':
      return ruleNode({ type: 'form', operator: wire.operator ?? 'did', ids: wire.ids, window: dateFromWire(wire.window) });
  }
}

/** A saved segment's tree, ready to edit. */
export function fromWire(wire: RuleTree | Record<string, unknown>): GroupNode {
  const tree = wire as RuleTree;
  if (tree.type !== 'and' && tree.type !== 'or') return groupNode('and', []);
  return ruleFromWire(tree) as GroupNode;
}

const ruleTags = new Set(['and', 'or', 'field', 'groups', 'tags', 'csb', 'subscription', 'activity', 'form']);

/**
 * The tree path an API error key points at, or null when the key is not about the rules.
 * Two spellings arrive: the schema's (`rules.or.rules.1.activity.window`, with each rule's
 * type after its index) and the field check's (`rules.1.0`).
 */
export function errorPath(key: string): string | null {
  const tokens = key.split('.');
  if (tokens[0] !== 'rules') return null;
  const path: string[] = [];
  let index = tokens[1] === 'and' || tokens[1] === 'or' ? 2 : 1;
  while (index < tokens.length) {
    const token = tokens[index];
    if (token === 'rules') {
      index += 1;
    } else if (/^\d+$/.test(token)) {
      path.push(token);
      index += ruleTags.has(tokens[index + 1]) ? 2 : 1;
    } else {
      break;
    }
  }
  return path.join('.');
}

/**
 * The API's `errors` sorted out: those about a rule or group by its node id (the nearest
 * node the path reaches), the others (name, websiteIds, type, __all__) by their key.
 */
export function placeErrors(errors: Record<string, string[]>, paths: Record<string, string>) {
  const byNode: Record<string, string[]> = {};
  const other: Record<string, string[]> = {};
  for (const [key, list] of Object.entries(errors)) {
    let path = errorPath(key);
    if (path === null) {
      other[key] = [...(other[key] ?? []), ...list];
      continue;
    }
    while (!(path in paths) && path !== '') path = path.includes('.') ? path.slice(0, path.lastIndexOf('.')) : '';
    const id = paths[path];
    if (id) byNode[id] = [...(byNode[id] ?? []), ...list];
    else other[key] = list;
  }
  return { byNode, other };
}

/** The rule kinds only one client has (marketing/bi/services.py CLIENT_OWN_RULES). */
const clientOwnRuleTypes = new Set(['groups', 'tags']);

/**
 * What the BI builder offers: the client's rule options without what only one client has
 * (custom fields, groups, tags), which the BI API refuses ('BI segments use only what every
 * client has…'). The same rule editor then draws BI trees.
 */
export function biRuleOptions(options: RuleOptions): RuleOptions {
  return {
    ...options,
    ruleTypes: options.ruleTypes.filter((type) => !clientOwnRuleTypes.has(type)),
    fields: options.fields.filter((field) => !field.key.startsWith('custom.')),
    groups: [],
    tags: [],
    websiteIds: [],
  };
}
