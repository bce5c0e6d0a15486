import { Alert, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { workflowMessages as text } from '../messages';
import { ConditionFields } from './ConditionFields';
import { text as str, type FieldsProps } from './field-props';
import type { StepType } from './graph';
import { asChoice, fromChoice, type PanelOptions } from './options';
import { SplitFields } from './SplitFields';
import { WaitFields } from './WaitFields';

/** The fields of one step type, each with its error beside it. */
export function StepFields({ type, options, ...props }: FieldsProps & { type: StepType; options: PanelOptions }) {
  const { values, set, errors } = props;
  const idSelect = (key: string, label: string, data: PanelOptions[keyof PanelOptions]) => (
    <Select label={label} searchable required data={data} value={asChoice(values[key])} onChange={(value) => set(key, fromChoice(value))} error={errors[key]} data-testid={`field-${key}`} />
  );
  switch (type) {
    case 'sendEmail':
      return (
        <Stack gap="sm">
          {idSelect('templateId', text.template, options.templates)}
          <TextInput label={text.subject} value={str(values.subject)} onChange={(event) => set('subject', event.currentTarget.value)} error={errors.subject} data-testid="field-subject" />
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
          <TextInput label={text.value} value={str(values.value)} onChange={(event) => set('value', event.currentTarget.value)} error={errors.value} />
        </Stack>
      );
    case 'addGroup':
    case 'removeGroup':
      return idSelect('groupId', text.group, options.groups);
    case 'addTag':
    case 'removeTag':
      return idSelect('tagId', text.tag, options.tags);
    case 'notifyRep':
      return (
        <Stack gap="sm">
          <TextInput label={text.subject} required value={str(values.subject)} onChange={(event) => set('subject', event.currentTarget.value)} error={errors.subject} data-testid="field-subject" />
          <Textarea label={text.message} autosize minRows={3} value={str(values.message)} onChange={(event) => set('message', event.currentTarget.value)} error={errors.message} />
          <TextInput label={text.fallbackEmail} type="email" value={str(values.fallbackEmail)} onChange={(event) => set('fallbackEmail', event.currentTarget.value)} error={errors.fallbackEmail} data-testid="field-fallbackEmail" />
        </Stack>
      );
    case 'webhook':
      return (
        <Stack gap="sm">
          <Alert color="gray" variant="light">
            {text.webhookPending}
          </Alert>
          <TextInput label={text.url} required value={str(values.url)} onChange={(event) => set('url', event.currentTarget.value)} error={errors.url} />
        </Stack>
      );
    case 'end':
      return (
        <Text size="sm" c="dimmed">
          {'The enrollment completes here.'}
        </Text>
      );
  }
}
