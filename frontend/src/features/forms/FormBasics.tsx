import { Group, Paper, Stack, TextInput, Textarea } from '@mantine/core';
import type { FormType } from './api';
import { errorAt, type Errors } from './definition';
import { formMessages as text } from './messages';
import type { FormDraft } from './useFormBuilder';

interface FormBasicsProps {
  draft: FormDraft;
  formType: FormType;
  errors: Errors;
  change: (changes: Partial<FormDraft>) => void;
}

/** The form's name (required, unique: spec 5.4), the title and description visitors read, and a survey's URL path (spec 5.5). */
export function FormBasics({ draft, formType, errors, change }: FormBasicsProps) {
  const definition = draft.definition;
  const setText = (key: 'title' | 'description', value: string) => change({ definition: { ...definition, [key]: value } });
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Group grow align="flex-start">
          <TextInput label={text.formName} required value={draft.name} onChange={(event) => change({ name: event.currentTarget.value })} error={errorAt(errors, 'name')} maxLength={100} data-testid="form-name" />
          {formType === 'surveyForm' && (
            <TextInput
              label={text.surveyPath}
              description={text.surveyPathHint}
              required
              value={draft.surveyPath}
              onChange={(event) => change({ surveyPath: event.currentTarget.value })}
              error={errorAt(errors, 'surveyPath')}
              data-testid="survey-path"
            />
          )}
        </Group>
        <TextInput label={text.title} value={definition.title} onChange={(event) => setText('title', event.currentTarget.value)} error={errorAt(errors, 'definition.title')} data-testid="form-title" />
        <Textarea label={text.description} rows={2} value={definition.description} onChange={(event) => setText('description', event.currentTarget.value)} error={errorAt(errors, 'definition.description')} />
      </Stack>
    </Paper>
  );
}
