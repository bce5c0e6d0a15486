import { Select, Stack, TagsInput, TextInput } from '@mantine/core';
import { workflowMessages as text } from '../messages';
import { SearchMultiSelect, SearchSelect } from '../../../components/search-select/SearchSelect';
import { asChoice, asChoices, fromChoice, fromChoices, type PanelOptions } from './options';
import { text as str, type FieldsProps } from './field-props';

const KINDS = [
  { value: 'field', label: 'Profile data' },
  { value: 'group', label: 'Group membership' },
  { value: 'tag', label: 'Tag' },
  { value: 'segment', label: 'Segment membership' },
  { value: 'activity', label: 'Email activity since enrollment' },
];
const OPERATOR_LABELS: Record<string, string> = {
  equals: 'is',
  notEquals: 'is not',
  contains: 'contains',
  notContains: 'does not contain',
  startsWith: 'starts with',
  greaterThan: 'is greater than',
  lessThan: 'is less than',
  between: 'is between',
  in: 'is one of',
  notIn: 'is none of',
  containsAny: 'contains any of',
  containsAll: 'contains all of',
  notContainsAny: 'contains none of',
  isEmpty: 'is empty',
  isNotEmpty: 'is not empty',
  is: 'is',
  did: 'happened',
  didNot: 'did not happen',
};
const MEMBERSHIP = [
  { value: 'in', label: 'is in' },
  { value: 'notIn', label: 'is not in' },
];
const ACTIVITY_OPERATORS = ['did', 'didNot'].map((value) => ({ value, label: OPERATOR_LABELS[value] }));
const ACTIVITIES = [
  { value: 'emailOpened', label: 'Opened an email' },
  { value: 'linkClick', label: 'Clicked a link' },
  { value: 'bounce', label: 'Bounced' },
  { value: 'spam', label: 'Marked as spam' },
  { value: 'unsubscribed', label: 'Unsubscribed' },
  { value: 'sent', label: 'Was sent an email' },
  { value: 'delivered', label: 'Was delivered an email' },
];
/** Operators whose value is a list. */
const LIST_OPERATORS = new Set(['in', 'notIn', 'containsAny', 'containsAll', 'notContainsAny', 'between']);

type Condition = Record<string, unknown>;

/** A condition's (or goal's) test (definition.py's Condition): profile data, group, tag, segment, or email activity since enrollment. */
export function ConditionFields({ values, set, errors, options }: FieldsProps & { options: PanelOptions }) {
  const condition = (values.condition as Condition | undefined) ?? {};
  const kind = str(condition.kind);
  const where = `condition.${kind}`;
  const setCondition = (change: Condition) => set('condition', { ...condition, ...change });
  const field = options.fields.find((each) => each.value === condition.field);
  const operator = str(condition.operator);
  const chooseKind = (value: string | null) => {
    const operators: Record<string, string> = { group: 'in', tag: 'in', activity: 'did' };
    set('condition', value ? { kind: value, ...(operators[value] ? { operator: operators[value] } : {}) } : undefined);
  };
  return (
    <Stack gap="sm">
      <Select label={text.conditionOn} required data={KINDS} value={asChoice(condition.kind)} onChange={chooseKind} error={errors.condition} data-testid="field-condition-kind" />
      {kind === 'field' ? (
        <>
          <Select
            label={text.field}
            searchable
            required
            data={options.fields}
            value={asChoice(condition.field)}
            onChange={(value) => {
              const chosen = options.fields.find((each) => each.value === value);
              setCondition({ field: value, operator: chosen?.operators[0] ?? 'equals', value: undefined, values: undefined });
            }}
            error={errors[where]}
            data-testid="field-condition-field"
          />
          {field ? (
            <Select
              label={text.operator}
              allowDeselect={false}
              data={field.operators.map((value) => ({ value, label: OPERATOR_LABELS[value] ?? value }))}
              value={asChoice(condition.operator)}
              onChange={(value) => setCondition({ operator: value, value: undefined, values: undefined })}
            />
          ) : null}
          {field && !['isEmpty', 'isNotEmpty'].includes(operator) ? (
            LIST_OPERATORS.has(operator) ? (
              <TagsInput label={text.values} value={asChoices(condition.values)} onChange={(value) => setCondition({ values: value })} />
            ) : (
              <TextInput label={text.value} value={str(condition.value)} onChange={(event) => setCondition({ value: event.currentTarget.value })} data-testid="field-condition-value" />
            )
          ) : null}
        </>
      ) : null}
      {kind === 'group' || kind === 'tag' ? (
        <>
          <Select label={text.operator} allowDeselect={false} data={MEMBERSHIP} value={asChoice(condition.operator) ?? 'in'} onChange={(value) => setCondition({ operator: value })} error={errors[`${where}.operator`]} />
          <SearchMultiSelect
            key={kind}
            source={kind === 'group' ? 'groups' : 'tags'}
            label={kind === 'group' ? text.groups : text.tags}
            required
            known={kind === 'group' ? options.groups : options.tags}
            value={asChoices(condition.ids)}
            onChange={(value) => setCondition({ ids: fromChoices(value) })}
            error={errors[`${where}.ids`]}
            testId="field-condition-ids"
          />
        </>
      ) : null}
      {kind === 'segment' ? (
        <SearchSelect
          source="segments"
          label={text.segment}
          required
          known={options.segments}
          value={asChoice(condition.segmentId)}
          onChange={(value) => setCondition({ segmentId: fromChoice(value) })}
          error={errors[`${where}.segmentId`]}
          testId="field-condition-segmentId"
        />
      ) : null}
      {kind === 'activity' ? (
        <>
          <Select label={text.activity} required data={ACTIVITIES} value={asChoice(condition.activity)} onChange={(value) => setCondition({ activity: value })} error={errors[`${where}.activity`]} data-testid="field-condition-activity" />
          <Select label={text.operator} allowDeselect={false} data={ACTIVITY_OPERATORS} value={asChoice(condition.operator) ?? 'did'} onChange={(value) => setCondition({ operator: value })} error={errors[`${where}.operator`]} />
        </>
      ) : null}
    </Stack>
  );
}
