import { Select, Stack, TextInput } from '@mantine/core';
import { activityLabels, workflowMessages as text } from '../messages';
import { asChoice, fromChoice, type PanelOptions } from './options';
import { text as str, type FieldsProps } from './field-props';

const ON = [
  { value: 'field', label: 'Profile data' },
  { value: 'group', label: 'Group membership' },
  { value: 'tag', label: 'Tag' },
  { value: 'segment', label: 'Segment membership' },
  { value: 'emailActivity', label: 'Email activity since enrollment' },
];
const OPERATORS = [
  { value: 'equals', label: 'is' },
  { value: 'notEquals', label: 'is not' },
  { value: 'contains', label: 'contains' },
  { value: 'isEmpty', label: 'is empty' },
  { value: 'isNotEmpty', label: 'is not empty' },
];
const ACTIVITIES = ['emailOpened', 'linkClick'].map((value) => ({ value, label: activityLabels[value] }));

/** A condition's (or goal's) rule: profile data, group, tag, segment, or email activity since enrollment. */
export function ConditionFields({ values, set, errors, options }: FieldsProps & { options: PanelOptions }) {
  const on = str(values.on);
  return (
    <Stack gap="sm">
      <Select label={text.conditionOn} data={ON} value={asChoice(values.on)} onChange={(value) => set('on', value)} error={errors.on} data-testid="field-on" />
      {on === 'field' ? (
        <>
          <Select label={text.field} searchable data={options.fields} value={asChoice(values.field)} onChange={(value) => set('field', value)} error={errors.field} />
          <Select label={text.operator} data={OPERATORS} allowDeselect={false} value={str(values.operator) || 'equals'} onChange={(value) => set('operator', value)} />
          {['isEmpty', 'isNotEmpty'].includes(str(values.operator)) ? null : (
            <TextInput label={text.value} value={str(values.value)} onChange={(event) => set('value', event.currentTarget.value)} error={errors.value} />
          )}
        </>
      ) : null}
      {on === 'group' ? <Select label={text.group} searchable data={options.groups} value={asChoice(values.groupId)} onChange={(value) => set('groupId', fromChoice(value))} error={errors.groupId} /> : null}
      {on === 'tag' ? <Select label={text.tag} searchable data={options.tags} value={asChoice(values.tagId)} onChange={(value) => set('tagId', fromChoice(value))} error={errors.tagId} /> : null}
      {on === 'segment' ? <Select label={text.segment} searchable data={options.segments} value={asChoice(values.segmentId)} onChange={(value) => set('segmentId', fromChoice(value))} error={errors.segmentId} /> : null}
      {on === 'emailActivity' ? <Select label={text.activity} data={ACTIVITIES} value={asChoice(values.activity)} onChange={(value) => set('activity', value)} error={errors.activity} /> : null}
    </Stack>
  );
}
