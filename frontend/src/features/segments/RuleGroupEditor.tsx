import { ActionIcon, Badge, Button, Divider, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconPlus, IconSubtask, IconTrash } from '@tabler/icons-react';
import { Fragment } from 'react';
import type { FieldOption, RuleOptions } from './api';
import { segmentMessages as text } from './messages';
import { RuleEditor } from './RuleEditor';
import { addChild, firstRule, groupNode, MAX_GROUP_DEPTH, removeNode, setOperator, updateRule, type Combinator, type GroupNode, type RuleDraft } from './rule-tree';

export interface TreeActions {
  addRule: (groupId: string) => void;
  addGroup: (groupId: string) => void;
  remove: (id: string) => void;
  updateRule: (id: string, rule: RuleDraft) => void;
  setOperator: (groupId: string, operator: Combinator) => void;
}

/** The editor's actions over a tree held by `change` (a state setter); new rules start from `options`' first field. */
export function treeActions(change: (update: (current: GroupNode) => GroupNode) => void, options: Pick<RuleOptions, 'fields'>): TreeActions {
  return {
    addRule: (groupId) => change((current) => addChild(current, groupId, firstRule(options))),
    addGroup: (groupId) => change((current) => addChild(current, groupId, groupNode('and', [firstRule(options)]))),
    remove: (nodeId) => change((current) => removeNode(current, nodeId)),
    updateRule: (nodeId, rule) => change((current) => updateRule(current, nodeId, rule)),
    setOperator: (groupId, operator) => change((current) => setOperator(current, groupId, operator)),
  };
}

interface RuleGroupEditorProps {
  group: GroupNode;
  depth: number;
  /** Its place, for accessible names: "Group 2", "Group 2.1". */
  label: string;
  /** What rules may use: the client's options, or the BI builder's (biRuleOptions). */
  options: RuleOptions;
  fields: ReadonlyMap<string, FieldOption>;
  actions: TreeActions;
  errors: Record<string, string[]>;
  /** False once the segment holds the most rules the API takes. */
  canAdd: boolean;
}

/** A group of conditions combined with AND (all) or OR (any); groups nest. */
export function RuleGroupEditor({ group, depth, label, options, fields, actions, errors, canAdd }: RuleGroupEditorProps) {
  const combinator = group.operator === 'and' ? text.and : text.or;
  const body = (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap">
        <Group gap="xs">
          <Text size="sm" fw={500}>
            {text.groupMatch(depth)}
          </Text>
          <SegmentedControl
            size="xs"
            aria-label={`${label}: ${text.combinatorLabel}`}
            data={[
              { value: 'and', label: text.matchAll },
              { value: 'or', label: text.matchAny },
            ]}
            value={group.operator}
            onChange={(value) => actions.setOperator(group.id, value as Combinator)}
            data-testid="group-operator"
          />
          <Text size="sm" fw={500}>
            {text.groupMatchTail}
          </Text>
        </Group>
        {depth > 0 && (
          <ActionIcon variant="subtle" color="red" aria-label={`${text.removeGroup}: ${label}`} onClick={() => actions.remove(group.id)} data-testid="group-remove">
            <IconTrash size={18} stroke={1.75} />
          </ActionIcon>
        )}
      </Group>
      {(errors[group.id] ?? []).map((error) => (
        <Text key={error} size="sm" c="red" role="alert" data-testid="group-error">
          {error}
        </Text>
      ))}
      {group.children.map((child, index) => {
        const childLabel = depth === 0 ? `${child.kind === 'group' ? 'Group' : 'Rule'} ${index + 1}` : child.kind === 'group' ? `${label}.${index + 1}` : `${label}, rule ${index + 1}`;
        return (
          <Fragment key={child.id}>
            {index > 0 && (
              <Divider
                label={
                  <Badge variant="light" color={group.operator === 'and' ? 'indigo' : 'orange'} size="sm">
                    {combinator}
                  </Badge>
                }
                labelPosition="left"
              />
            )}
            {child.kind === 'group' ? (
              <RuleGroupEditor group={child} depth={depth + 1} label={childLabel} options={options} fields={fields} actions={actions} errors={errors} canAdd={canAdd} />
            ) : (
              <RuleEditor
                rule={child.rule}
                options={options}
                fields={fields}
                label={childLabel}
                errors={errors[child.id]}
                onChange={(rule) => actions.updateRule(child.id, rule)}
                onRemove={() => actions.remove(child.id)}
              />
            )}
          </Fragment>
        );
      })}
      <Group gap="xs">
        <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={() => actions.addRule(group.id)} disabled={!canAdd} data-testid="add-rule" aria-label={`${text.addRule}: ${label}`}>
          {text.addRule}
        </Button>
        {depth < MAX_GROUP_DEPTH && (
          <Button variant="subtle" size="xs" leftSection={<IconSubtask size={14} />} onClick={() => actions.addGroup(group.id)} disabled={!canAdd} data-testid="add-group" aria-label={`${text.addGroup}: ${label}`}>
            {text.addGroup}
          </Button>
        )}
      </Group>
    </Stack>
  );
  if (depth === 0) return <div data-testid="rule-group-root">{body}</div>;
  return (
    <Paper withBorder p="sm" bg={depth % 2 === 1 ? 'gray.0' : undefined} data-testid="rule-group" aria-label={label} role="group">
      {body}
    </Paper>
  );
}
