import { Checkbox, NumberInput, Select, Stack, TagsInput, TextInput } from '@mantine/core';
import { activityLabels, triggerLabels, workflowMessages as text } from '../messages';
import { text as str, type FieldsProps } from './field-props';
import { asChoice, asChoices, fromChoice, type Choice, type PanelOptions } from './options';
import type { PickerSource } from '../../../components/pickers/pickers';
import { SearchSelect } from '../../../components/pickers/SearchSelect';

const KINDS = Object.entries(triggerLabels).map(([value, label]) => ({ value, label }));
const ACTIVITIES = Object.entries(activityLabels).map(([value, label]) => ({ value, label }));
const FREQUENCIES = ['day', 'week', 'month', 'quarter'].map((value) => ({ value, label: value[0].toUpperCase() + value.slice(1) }));

/** The trigger: what starts an enrollment, and the details its kind needs (definition.py's Trigger). */
export function TriggerFields({ values, set, errors, options }: FieldsProps & { options: PanelOptions }) {
  const kind = str(values.kind);
  const idSelect = (key: string, label: string, source: PickerSource, data: Choice[], required = true) => (
    <SearchSelect source={source} label={label} required={required} known={data} value={asChoice(values[key])} onChange={(value) => set(key, fromChoice(value))} error={errors[key]} testId={`field-${key}`} />
  );
  const idInput = (key: string, label: string, required = true) => (
    <NumberInput label={label} required={required} min={1} allowDecimal={false} value={str(values[key])} onChange={(value) => set(key, value === '' ? null : Number(value))} error={errors[key]} data-testid={`field-${key}`} />
  );
  const textInput = (key: string, label: string, required = false) => (
    <TextInput label={label} required={required} value={str(values[key])} onChange={(event) => set(key, event.currentTarget.value)} error={errors[key]} data-testid={`field-${key}`} />
  );
  return (
    <Stack gap="sm">
      <Select label={text.kind} required data={KINDS} value={asChoice(values.kind)} onChange={(value) => set('kind', value)} error={errors.kind} data-testid="field-kind" />
      {kind === 'emailActivity' ? (
        <>
          <Select label={text.activity} required data={ACTIVITIES} value={asChoice(values.activity)} onChange={(value) => set('activity', value)} error={errors.activity} data-testid="field-activity" />
          {idSelect('campaignId', text.campaign, 'campaigns', [], false)}
          {values.activity === 'linkClick' ? textInput('url', text.link) : null}
        </>
      ) : null}
      {kind === 'formSubmission' ? idSelect('formId', text.form, 'forms', []) : null}
      {kind === 'webhook' ? idInput('webhookId', text.webhookSource) : null}
      {kind === 'segmentEntered' || kind === 'segmentLeft' ? idSelect('segmentId', text.segment, 'segments', options.segments) : null}
      {kind === 'groupAdded' || kind === 'groupRemoved' ? idSelect('groupId', text.group, 'groups', options.groups) : null}
      {kind === 'tagAdded' || kind === 'tagRemoved' ? idSelect('tagId', text.tag, 'tags', options.tags) : null}
      {kind === 'fieldChanged' || kind === 'dateField' ? (
        <Select
          label={text.field}
          searchable
          required
          data={kind === 'dateField' ? options.fields.filter((field) => field.type === 'date' && field.value.startsWith('custom.')) : options.fields}
          value={asChoice(values.field)}
          onChange={(value) => set('field', value)}
          error={errors.field}
          data-testid="field-field"
        />
      ) : null}
      {kind === 'dateField' ? (
        <>
          <NumberInput label={text.daysOffset} required min={0} max={366} allowDecimal={false} value={str(values.days)} onChange={(value) => set('days', value === '' ? null : Number(value))} error={errors.days} />
          <Select
            label={text.beforeAfter}
            required
            data={[
              { value: 'before', label: text.before },
              { value: 'after', label: text.after },
            ]}
            value={asChoice(values.when)}
            onChange={(value) => set('when', value)}
            error={errors.when}
          />
          <Checkbox label={text.yearly} checked={Boolean(values.yearly)} onChange={(event) => set('yearly', event.currentTarget.checked)} />
          <TextInput type="time" label={text.time} description={text.dayOnlyHint} value={str(values.time)} onChange={(event) => set('time', event.currentTarget.value)} error={errors.time} />
        </>
      ) : null}
      {kind === 'stageChanged' ? textInput('toStage', text.toStage, true) : null}
      {kind === 'summaryNotification' ? (
        <>
          <Select label={text.frequency} required data={FREQUENCIES} value={asChoice(values.frequency)} onChange={(value) => set('frequency', value)} error={errors.frequency} />
          <TagsInput label={text.recipients} required value={asChoices(values.recipients)} onChange={(value) => set('recipients', value)} error={errors.recipients} data-testid="field-recipients" />
        </>
      ) : null}
    </Stack>
  );
}
