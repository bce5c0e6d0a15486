import { NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { activityLabels, triggerLabels, workflowMessages as text } from '../messages';
import { text as str, type FieldsProps } from './field-props';
import { asChoice, fromChoice, type PanelOptions } from './options';

const KINDS = Object.entries(triggerLabels).map(([value, label]) => ({ value, label }));
const ACTIVITIES = Object.entries(activityLabels).map(([value, label]) => ({ value, label }));
const FREQUENCIES = ['day', 'week', 'month', 'quarter'].map((value) => ({ value, label: value[0].toUpperCase() + value.slice(1) }));

/** The trigger: what starts an enrollment, and its details. */
export function TriggerFields({ values, set, errors, options }: FieldsProps & { options: PanelOptions }) {
  const kind = str(values.kind);
  const idSelect = (key: string, label: string, data: PanelOptions[keyof PanelOptions]) => (
    <Select label={label} searchable required data={data} value={asChoice(values[key])} onChange={(value) => set(key, fromChoice(value))} error={errors[key]} data-testid={`field-${key}`} />
  );
  return (
    <Stack gap="sm">
      <Select label={text.kind} required data={KINDS} value={asChoice(values.kind)} onChange={(value) => set('kind', value ?? '')} error={errors.kind} data-testid="field-kind" />
      {kind === 'emailActivity' ? (
        <>
          <Select label={text.activity} required data={ACTIVITIES} value={asChoice(values.activity)} onChange={(value) => set('activity', value)} error={errors.activity} data-testid="field-activity" />
          {values.activity === 'linkClick' ? <TextInput label={text.link} value={str(values.link)} onChange={(event) => set('link', event.currentTarget.value)} error={errors.link} /> : null}
        </>
      ) : null}
      {kind === 'formSubmission' ? (
        <TextInput label={text.form} required value={str(values.formId)} onChange={(event) => set('formId', event.currentTarget.value)} error={errors.formId} data-testid="field-formId" />
      ) : null}
      {kind === 'segmentEntered' || kind === 'segmentLeft' ? idSelect('segmentId', text.segment, options.segments) : null}
      {kind === 'groupAdded' || kind === 'groupRemoved' ? idSelect('groupId', text.group, options.groups) : null}
      {kind === 'tagAdded' || kind === 'tagRemoved' ? idSelect('tagId', text.tag, options.tags) : null}
      {kind === 'fieldChanged' || kind === 'dateField' ? (
        <Select label={text.field} searchable required data={options.fields} value={asChoice(values.field)} onChange={(value) => set('field', value)} error={errors.field} data-testid="field-field" />
      ) : null}
      {kind === 'dateField' ? (
        <>
          <NumberInput label={text.daysOffset} min={0} allowDecimal={false} value={str(values.days)} onChange={(value) => set('days', value === '' ? '' : Number(value))} error={errors.days} />
          <Select
            label={text.beforeAfter}
            data={[
              { value: 'before', label: text.before },
              { value: 'after', label: text.after },
            ]}
            value={asChoice(values.direction)}
            onChange={(value) => set('direction', value)}
            error={errors.direction}
          />
          <TextInput type="time" label={text.time} description={text.dayOnlyHint} value={str(values.time)} onChange={(event) => set('time', event.currentTarget.value)} error={errors.time} />
        </>
      ) : null}
      {kind === 'summaryNotification' ? (
        <>
          <Select label={text.frequency} required data={FREQUENCIES} value={asChoice(values.frequency)} onChange={(value) => set('frequency', value)} error={errors.frequency} />
          <TextInput label={text.recipients} required value={str(values.recipients)} onChange={(event) => set('recipients', event.currentTarget.value)} error={errors.recipients} />
        </>
      ) : null}
    </Stack>
  );
}
