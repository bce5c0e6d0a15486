import { ActionIcon, Group, MultiSelect, NumberInput, Select, Stack, TagsInput, Text, TextInput, type ComboboxData } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { SearchMultiSelect } from '../../components/pickers/SearchSelect';
import type { EventName, FieldOperator, FieldOption, RuleOptions, SubscriptionState } from './api';
import { DateConditionInput } from './DateConditionInput';
import { operatorLabels, segmentMessages as text } from './messages';
import { draftOf, fieldDraft, ruleKind, type ActivityDraft, type FieldDraft, type FormDraft, type RuleDraft, type RuleKind } from './rule-tree';

interface RuleEditorProps {
  rule: RuleDraft;
  options: RuleOptions;
  fields: ReadonlyMap<string, FieldOption>;
  onChange: (rule: RuleDraft) => void;
  onRemove: () => void;
  /** What the API says is wrong with this rule. */
  errors?: string[];
  /** Its position, for accessible names ("Rule 2"). */
  label: string;
}

const listOperators = new Set<FieldOperator>(['in', 'notIn', 'containsAny', 'containsAll', 'notContainsAny']);
const numberTypes = new Set(['number']);

function kindData(options: RuleOptions): ComboboxData {
  const has = (type: string) => options.ruleTypes.includes(type);
  return [
    { group: text.kindProfile, items: options.fields.map((field) => ({ value: `field:${field.key}`, label: field.label })) },
    {
      group: text.kindMembership,
      items: [...(has('groups') ? [{ value: 'groups', label: text.groupsKind }] : []), ...(has('tags') ? [{ value: 'tags', label: text.tagsKind }] : [])],
    },
    {
      group: text.kindStatus,
      items: [...(has('subscription') ? [{ value: 'subscription', label: text.subscriptionKind }] : []), ...(has('csb') ? [{ value: 'csb', label: text.csbKind }] : [])],
    },
    {
      group: text.kindActivity,
      items: [...(has('activity') ? [{ value: 'activity', label: text.activityKind }] : []), ...(has('form') ? [{ value: 'form', label: text.formKind }] : [])],
    },
  ].filter((group) => group.items.length > 0);
}

function FieldInputs({ rule, field, onChange, label }: { rule: FieldDraft; field: FieldOption | undefined; onChange: (rule: FieldDraft) => void; label: string }) {
  const type = field?.type ?? 'text';
  const set = (change: Partial<FieldDraft>) => onChange({ ...rule, ...change });
  const operators = field?.operators ?? [rule.operator];
  const valueLabel = `${label}: ${text.value}`;
  let value = null;
  if (rule.operator === 'isEmpty' || rule.operator === 'isNotEmpty') {
    value = null;
  } else if (rule.operator === 'between') {
    value = (
      <>
        <NumberInput aria-label={`${label}: ${text.from}`} placeholder={text.from} value={rule.valueFrom} onChange={(from) => set({ valueFrom: String(from) })} w={110} data-testid="rule-value-from" />
        <NumberInput aria-label={`${label}: ${text.to}`} placeholder={text.to} value={rule.valueTo} onChange={(to) => set({ valueTo: String(to) })} w={110} data-testid="rule-value-to" />
      </>
    );
  } else if (listOperators.has(rule.operator)) {
    value =
      field && field.options.length > 0 ? (
        <MultiSelect aria-label={valueLabel} placeholder={text.chooseValues} data={field.options} value={rule.values} onChange={(values) => set({ values })} searchable w={240} data-testid="rule-values" />
      ) : (
        <TagsInput aria-label={valueLabel} placeholder={text.typeValues} value={rule.values} onChange={(values) => set({ values })} w={240} data-testid="rule-values" />
      );
  } else if (rule.operator === 'date') {
    value = <DateConditionInput label={label} value={rule.date} onChange={(date) => set({ date })} />;
  } else if (type === 'boolean') {
    value = (
      <Select
        aria-label={valueLabel}
        data={[
          { value: 'true', label: text.yes },
          { value: 'false', label: text.no },
        ]}
        value={rule.value || 'true'}
        onChange={(chosen) => chosen && set({ value: chosen })}
        allowDeselect={false}
        w={100}
        data-testid="rule-value"
      />
    );
  } else if (numberTypes.has(type)) {
    value = <NumberInput aria-label={valueLabel} placeholder={text.value} value={rule.value} onChange={(typed) => set({ value: String(typed) })} w={160} data-testid="rule-value" />;
  } else {
    value = <TextInput aria-label={valueLabel} placeholder={text.value} value={rule.value} onChange={(event) => set({ value: event.currentTarget.value })} w={200} data-testid="rule-value" />;
  }
  return (
    <>
      {operators.length > 1 && (
        <Select
          aria-label={`${label}: ${text.operator}`}
          data={operators.map((operator) => ({ value: operator, label: operatorLabels[operator] ?? operator }))}
          value={rule.operator}
          onChange={(operator) => operator && set({ operator: operator as FieldOperator })}
          allowDeselect={false}
          w={170}
          data-testid="rule-operator"
        />
      )}
      {value}
    </>
  );
}

function ActivityInputs({ rule, options, onChange, label }: { rule: ActivityDraft; options: RuleOptions; onChange: (rule: ActivityDraft) => void; label: string }) {
  const set = (change: Partial<ActivityDraft>) => onChange({ ...rule, ...change });
  return (
    <>
      <Select
        aria-label={`${label}: ${text.did}`}
        data={[
          { value: 'did', label: text.did },
          { value: 'didNot', label: text.didNot },
        ]}
        value={rule.operator}
        onChange={(operator) => operator && set({ operator: operator as ActivityDraft['operator'] })}
        allowDeselect={false}
        w={100}
        data-testid="rule-activity-operator"
      />
      <Select
        aria-label={`${label}: ${text.event}`}
        data={options.events.map((event) => ({ value: event.key, label: event.label }))}
        value={rule.event}
        onChange={(event) => event && set({ event: event as EventName })}
        allowDeselect={false}
        w={140}
        data-testid="rule-event"
      />
      <Select
        aria-label={`${label}: ${text.campaign}`}
        data={[
          { value: 'any', label: text.anyCampaign },
          { value: 'one', label: text.oneCampaign },
        ]}
        value={rule.campaign}
        onChange={(campaign) => campaign && set({ campaign: campaign as ActivityDraft['campaign'] })}
        allowDeselect={false}
        w={150}
        data-testid="rule-campaign"
      />
      {rule.campaign === 'one' && (
        <NumberInput aria-label={`${label}: ${text.campaignId}`} placeholder={text.campaignId} value={rule.campaignId} onChange={(id) => set({ campaignId: String(id) })} min={1} allowDecimal={false} w={130} data-testid="rule-campaign-id" />
      )}
      <NumberInput
        aria-label={`${label}: ${text.atLeast}`}
        leftSection={<Text size="xs">≥</Text>}
        value={rule.minCount}
        onChange={(count) => set({ minCount: String(count) })}
        min={1}
        max={10000}
        allowDecimal={false}
        w={90}
        data-testid="rule-min-count"
      />
      <DateConditionInput activity label={label} value={rule.window} onChange={(window) => set({ window })} />
    </>
  );
}

/** Submitted one of the chosen forms (searched on the server by name), or none of them, in a window. */
function FormInputs({ rule, onChange, label }: { rule: FormDraft; onChange: (rule: FormDraft) => void; label: string }) {
  const set = (change: Partial<FormDraft>) => onChange({ ...rule, ...change });
  return (
    <>
      <Select
        aria-label={`${label}: ${text.did}`}
        data={[
          { value: 'did', label: text.did },
          { value: 'didNot', label: text.didNot },
        ]}
        value={rule.operator}
        onChange={(operator) => operator && set({ operator: operator as FormDraft['operator'] })}
        allowDeselect={false}
        w={100}
        data-testid="rule-form-operator"
      />
      <div style={{ width: 260 }}>
        <SearchMultiSelect source="forms" label={`${label}: ${text.chooseForms}`} labelHidden known={[]} value={rule.ids.map(String)} onChange={(ids) => set({ ids: ids.map(Number) })} testId="rule-form-ids" />
      </div>
      <DateConditionInput activity label={label} value={rule.window} onChange={(window) => set({ window })} />
    </>
  );
}

function idData(items: { id: number; name: string }[]) {
  return items.map((item) => ({ value: String(item.id), label: item.name }));
}

/** One rule: what it looks at (a profile field, groups, tags, a status, email activity), then the inputs that kind needs. */
export function RuleEditor({ rule, options, fields, onChange, onRemove, errors = [], label }: RuleEditorProps) {
  const chooseKind = (kind: string | null) => {
    if (!kind || kind === ruleKind(rule)) return;
    if (kind.startsWith('field:') && fields.has(kind.slice(6))) onChange(fieldDraft(fields.get(kind.slice(6)) as FieldOption));
    else onChange(draftOf(kind as RuleKind, options));
  };
  let inputs = null;
  switch (rule.type) {
    case 'field':
      inputs = <FieldInputs rule={rule} field={fields.get(rule.field)} onChange={onChange} label={label} />;
      break;
    case 'groups':
    case 'tags':
      inputs = (
        <>
          <Select
            aria-label={`${label}: ${text.operator}`}
            data={[
              { value: 'in', label: text.inAny },
              { value: 'notIn', label: text.inNone },
            ]}
            value={rule.operator}
            onChange={(operator) => operator && onChange({ ...rule, operator: operator as 'in' | 'notIn' })}
            allowDeselect={false}
            w={150}
            data-testid="rule-operator"
          />
          <MultiSelect
            aria-label={`${label}: ${rule.type === 'groups' ? text.chooseGroups : text.chooseTags}`}
            placeholder={rule.type === 'groups' ? text.chooseGroups : text.chooseTags}
            data={idData(rule.type === 'groups' ? options.groups : options.tags)}
            value={rule.ids.map(String)}
            onChange={(ids) => onChange({ ...rule, ids: ids.map(Number) })}
            searchable
            w={260}
            data-testid="rule-ids"
          />
        </>
      );
      break;
    case 'csb':
      inputs = (
        <Select
          aria-label={`${label}: ${text.value}`}
          data={[
            { value: 'true', label: text.csbFlagged },
            { value: 'false', label: text.csbNotFlagged },
          ]}
          value={String(rule.value)}
          onChange={(value) => value && onChange({ ...rule, value: value === 'true' })}
          allowDeselect={false}
          w={330}
          data-testid="rule-value"
        />
      );
      break;
    case 'subscription':
      inputs = (
        <Select
          aria-label={`${label}: ${text.subscriptionIs}`}
          data={[
            { value: 'subscribed', label: text.subscribed },
            { value: 'unsubscribed', label: text.unsubscribed },
            { value: 'doNotEmail', label: text.doNotEmail },
          ]}
          value={rule.state}
          onChange={(state) => state && onChange({ ...rule, state: state as SubscriptionState })}
          allowDeselect={false}
          w={160}
          data-testid="rule-value"
        />
      );
      break;
    case 'activity':
      inputs = <ActivityInputs rule={rule} options={options} onChange={onChange} label={label} />;
      break;
    case 'form':
      inputs = <FormInputs rule={rule} onChange={onChange} label={label} />;
      break;
  }
  return (
    <Stack gap={4} data-testid="segment-rule">
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Group gap="xs" wrap="wrap" align="flex-start" style={{ flex: 1 }}>
          <Select
            aria-label={`${label}: ${text.condition}`}
            data={kindData(options)}
            value={ruleKind(rule)}
            onChange={chooseKind}
            allowDeselect={false}
            searchable
            w={200}
            data-testid="rule-kind"
          />
          {inputs}
        </Group>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`${text.removeRule}: ${label}`} onClick={onRemove} data-testid="rule-remove">
          <IconX size={18} stroke={1.75} />
        </ActionIcon>
      </Group>
      {errors.map((error) => (
        <Text key={error} size="sm" c="red" role="alert" data-testid="rule-error">
          {error}
        </Text>
      ))}
    </Stack>
  );
}
