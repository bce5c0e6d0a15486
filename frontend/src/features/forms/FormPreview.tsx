import { Button, Checkbox, Group, NativeSelect, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import type { Definition, FieldDef, FormTheme } from './api';
import { formMessages as text } from './messages';
import { choiceName, emptyPreviewContext, type PreviewContext } from './preview-context';

interface FormPreviewProps {
  definition: Definition;
  /** The chosen theme; this plain preview ignores its styles (the themed renderer applies them). */
  theme: FormTheme | null;
  context?: PreviewContext;
}

function PreviewField({ field, options }: { field: FieldDef; options: string[] }) {
  const common = { label: field.label || field.key, required: field.required };
  switch (field.type) {
    case 'radio':
      return (
        <Radio.Group {...common}>
          <Group gap="sm" mt={4}>
            {options.map((option) => (
              <Radio key={option} value={option} label={option} />
            ))}
          </Group>
        </Radio.Group>
      );
    case 'checkbox':
      return (
        <Checkbox.Group {...common}>
          <Group gap="sm" mt={4}>
            {options.map((option) => (
              <Checkbox key={option} value={option} label={option} />
            ))}
          </Group>
        </Checkbox.Group>
      );
    case 'dropdown':
      return <NativeSelect {...common} data={['', ...options]} />;
    default:
      return <TextInput {...common} type={field.type === 'text' ? 'text' : field.type} placeholder={field.placeholder} />;
  }
}

function ChoiceBoxes({ heading, ids, names, kind }: { heading: string; ids: number[]; names: Record<number, string>; kind: string }) {
  if (ids.length === 0) return null;
  return (
    <Checkbox.Group label={heading || text.groupChoicesDefault}>
      <Stack gap={4} mt={4}>
        {ids.map((id) => (
          <Checkbox key={id} value={String(id)} label={choiceName(names, id, kind)} />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}

/**
 * The builder's live preview: the form as a visitor sees its fields, steps and buttons
 * (plain, without the theme's styles). A multi-step form shows one section at a time and
 * its Next and Previous buttons work. Nothing is sent from it.
 */
export function FormPreview({ definition, theme, context = emptyPreviewContext }: FormPreviewProps) {
  const [step, setStep] = useState(0);
  const steps = definition.multiStep ? definition.sections.map((_section, i) => [i]) : [definition.sections.map((_section, i) => i)];
  const shown = Math.min(step, steps.length - 1);
  const last = shown === steps.length - 1;
  return (
    <form onSubmit={(event) => event.preventDefault()} data-testid="form-preview" data-theme={theme?.name ?? ''}>
      <Stack gap="sm">
        {definition.title && <Title order={3}>{definition.title}</Title>}
        {definition.description && <Text size="sm">{definition.description}</Text>}
        {(steps[shown] ?? []).map((index) => {
          const section = definition.sections[index];
          return (
            <Stack key={section.id} gap="sm">
              {section.title && <Title order={4}>{section.title}</Title>}
              {section.fields.map((field) => (
                <PreviewField key={field.key} field={field} options={context.options[field.key] ?? []} />
              ))}
            </Stack>
          );
        })}
        {last && (
          <>
            <ChoiceBoxes heading={definition.groups.label} ids={definition.groups.choices} names={context.groups} kind={text.groups} />
            <ChoiceBoxes heading={definition.tags.label} ids={definition.tags.choices} names={context.tags} kind={text.tags} />
          </>
        )}
        <Group justify="space-between">
          {shown > 0 ? (
            <Button variant="default" onClick={() => setStep(shown - 1)}>
              {definition.previousText}
            </Button>
          ) : (
            <span />
          )}
          {last ? <Button type="submit">{definition.submitText}</Button> : <Button onClick={() => setStep(shown + 1)}>{definition.nextText}</Button>}
        </Group>
      </Stack>
    </form>
  );
}
