import { Select, Stack, TextInput } from '@mantine/core';
import { activityLabels, workflowMessages as text } from '../messages';
import { asChoice, fromChoice, type PanelOptions } from './options';
import { text as str, type FieldsProps } from './field-props';

const KINDS = [
  { value: 'field', label: 'Profile data' },
  { value: 'group', label: 'Group membership' },
  { value: 'tag', label: 'Tag' },
  { value: 'segment', label: 'Segment membership' },
  { value: 'emailActivity', label: 'Email activity since enrollment' },
];
const OPERATORS: Record<string, { value: string; label: string }[]> = {
  field: [
    { value: 'equals', label: 'is' },
    { value: 'notEquals', label: 'is not' },
    { value: 'contains', label: 'contains' },
    { value: 'notContains', label: 'does not contain' },
    { value: 'isEmpty', label: 'is empty' },
    { value: 'isNotEmpty', label: 'is not empty' },
    { value: 'greaterThan', label: 'is greater than' },
    { value: 'lessThan', label: 'is less than' },
  ],
  group: [
    { value: 'in', label: 'is in' },
    { value: 'notIn', label: 'is not in' },
  ],
  emailActivity: [
    { value: 'happened', label: 'happened' },
    { value: 'notHappened', label: 'did not happen' },
  ],
};
const ACTIVITIES = ['emailOpened', 'linkClick'].map((value) => ({ value, label: activityLabels[value] }));

/** A condition's (or goal's) rule: profile data, group, tag, segment, or email activity since enrollment. */
export function ConditionFields({ values, set, errors, options }: FieldsProps & { options: PanelOptions }) {
  const rule = (values.rule as Record<string, unknown> | undefined) ?? {};
  const kind = str(rule.kind);
  const operators = OPERATORS[kind] ?? OPERATORS.group;
  const setRule = (key: string, value: unknown) => set('rule', { ...rule, [key]: value });
  const chooseKind = (value: string | null) => set('rule', value ? { kind: value, operator: (OPERATORS[value] ?? OPERATORS.group)[0].value } : undefined);
  const idSelect = (key: string, label: string, data: PanelOptions[keyof PanelOptions]) => (
    <Select label={label} searchable required data={data} value={asChoice(rule[key])} onChange={(value) => setRule(key, fromChoice(value))} error={errors[`rule.${key}`]} data-testid={`field-rule-${key}`} />
  );
  return (
    <Stack gap="sm">
      <Select label={text.conditionOn} required data={KINDS} value={asChoice(rule.kind)} onChange={chooseKind} error={errors.rule} data-testid="field-rule-kind" />
      {kind ? (
        <Select label={text.operator} data={operators} allowDeselect={false} value={asChoice(rule.operator)} onChange={(value) => setRule('operator', value)} error={errors['rule.operator']} />
      ) : null}
      {kind === 'field' ? (
        <>
          <Select label={text.field} searchable required data={options.fields} value={asChoice(rule.fieldName)} onChange={(value) => setRule('fieldName', value)} error={errors['rule.fieldName']} />
          {['isEmpty', 'isNotEmpty'].includes(str(rule.operator)) ? null : (
            <TextInput label={text.value} value={str(rule.value)} onChange={(event) => setRule('value', event.currentTarget.value)} error={errors['rule.value']} />
          )}
        </>
      ) : null}
      {kind === 'group' ? idSelect('groupId', text.group, options.groups) : null}
      {kind === 'tag' ? idSelect('tagId', text.tag, options.tags) : null}
      {kind === 'segment' ? idSelect('segmentId', text.segment, options.segments) : null}
      {kind === 'emailActivity' ? (
        <Select label={text.activity} required data={ACTIVITIES} value={asChoice(rule.activity)} onChange={(value) => setRule('activity', value)} error={errors['rule.activity']} />
      ) : null}
    </Stack>
  );
}
