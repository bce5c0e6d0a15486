import { Alert, Checkbox, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { workflowMessages as text } from '../messages';
import { ConditionFields } from './ConditionFields';
import { text as str, type FieldsProps } from './field-props';
import type { StepType } from './graph';
import { asChoice, asChoices, fromChoice, fromChoices, type Choice, type PanelOptions } from './options';
import type { PickerSource } from '../../../components/search-select/pickers';
import { SearchMultiSelect, SearchSelect } from '../../../components/search-select/SearchSelect';
import { SplitFields } from './SplitFields';
import { WaitFields } from './WaitFields';

/** The fields of one step type (marketing/workflows/definition.py's), each with its error beside it. */
export function StepFields({ type, options, ...props }: FieldsProps & { type: StepType; options: PanelOptions }) {
  const { values, set, errors } = props;
  const idSelect = (key: string, label: string, source: PickerSource, data: Choice[]) => (
    <SearchSelect source={source} label={label} required known={data} value={asChoice(values[key])} onChange={(value) => set(key, fromChoice(value))} error={errors[key]} testId={`field-${key}`} />
  );
  const idsSelect = (key: string, label: string, source: PickerSource, data: Choice[]) => (
    <SearchMultiSelect source={source} label={label} required known={data} value={asChoices(values[key])} onChange={(value) => set(key, fromChoices(value))} error={errors[key]} testId={`field-${key}`} />
  );
  const textInput = (key: string, label: string, required = false) => (
    <TextInput label={label} required={required} value={str(values[key])} onChange={(event) => set(key, event.currentTarget.value)} error={errors[key]} data-testid={`field-${key}`} />
  );
  switch (type) {
    case 'sendEmail':
      return (
        <Stack gap="sm">
          {idSelect('templateId', text.template, 'templates', options.templates)}
          {textInput('subject', text.subject, true)}
          {textInput('previewText', text.previewText)}
          <Checkbox label={text.useRepAsSender} checked={Boolean(values.useRepAsSender)} onChange={(event) => set('useRepAsSender', event.currentTarget.checked)} />
          <SearchSelect
            source="senders"
            label={text.sender}
            required
            description={values.useRepAsSender ? text.senderFallback : undefined}
            known={options.senders}
            value={asChoice(values.senderId)}
            onChange={(value) => set('senderId', fromChoice(value))}
            error={errors.senderId}
            testId="field-senderId"
          />
          {textInput('replyTo', text.replyTo)}
        </Stack>
      );
    case 'wait':
      return <WaitFields {...props} />;
    case 'condition':
    case 'goal':
      return <ConditionFields {...props} options={options} />;
    case 'split':
      return <SplitFields {...props} />;
    case 'updateField':
      return (
        <Stack gap="sm">
          <Select label={text.field} searchable required data={options.fields} value={asChoice(values.field)} onChange={(value) => set('field', value)} error={errors.field} data-testid="field-field" />
          {textInput('value', text.value)}
        </Stack>
      );
    case 'addGroup':
    case 'removeGroup':
      return idsSelect('groupIds', text.groups, 'groups', options.groups);
    case 'addTag':
    case 'removeTag':
      return idsSelect('tagIds', text.tags, 'tags', options.tags);
    case 'notifyRep':
      return (
        <Stack gap="sm">
          {textInput('subject', text.subject, true)}
          <Textarea label={text.message} required autosize minRows={3} value={str(values.message)} onChange={(event) => set('message', event.currentTarget.value)} error={errors.message} data-testid="field-message" />
          <SearchSelect source="senders" label={text.sender} required known={options.senders} value={asChoice(values.senderId)} onChange={(value) => set('senderId', fromChoice(value))} error={errors.senderId} testId="field-senderId" />
        </Stack>
      );
    case 'webhook':
      return (
        <Stack gap="sm">
          <Alert color="gray" variant="light">
            {errors.type ?? text.webhookStepUnavailable}
          </Alert>
          {textInput('url', text.url)}
        </Stack>
      );
    case 'end':
      return (
        <Text size="sm" c="dimmed">
          {text.endHint}
        </Text>
      );
  }
}
