import { Alert, Button, Group, Stack, Switch, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { Definition } from './api';
import { addSection, errorAt, moveSection, removeSection, updateSection, withValue, type Errors } from './definition';
import { formMessages as text } from './messages';
import { SectionCard } from './SectionCard';

interface SectionListProps {
  definition: Definition;
  errors: Errors;
  selected: number;
  onSelect: (index: number) => void;
  edit: (next: (definition: Definition) => Definition) => void;
}

/** The form's sections in order, the multi-step switch and its Next/Previous labels, and the way to add a section. */
export function SectionList({ definition, errors, selected, onSelect, edit }: SectionListProps) {
  const count = definition.sections.length;
  const sectionsError = errorAt(errors, 'definition.sections');
  return (
    <Stack>
      <Switch label={text.multiStep} checked={definition.multiStep} onChange={(event) => edit(withValue('multiStep', event.currentTarget.checked))} data-testid="multi-step" />
      {definition.multiStep && (
        <Group grow>
          <TextInput label={text.nextText} value={definition.nextText} onChange={(event) => edit(withValue('nextText', event.currentTarget.value))} error={errorAt(errors, 'definition.nextText')} />
          <TextInput label={text.previousText} value={definition.previousText} onChange={(event) => edit(withValue('previousText', event.currentTarget.value))} error={errorAt(errors, 'definition.previousText')} />
        </Group>
      )}
      {sectionsError && (
        <Alert color="red" role="alert" tabIndex={-1} data-testid="sections-error">
          {sectionsError}
        </Alert>
      )}
      {definition.sections.map((section, index) => (
        <SectionCard
          key={section.id}
          section={section}
          index={index}
          count={count}
          multiStep={definition.multiStep}
          selected={index === Math.min(selected, count - 1)}
          errors={errors}
          onSelect={() => onSelect(index)}
          onTitle={(title) => edit((d) => updateSection(d, index, { title }))}
          onMove={(delta) => {
            edit((d) => moveSection(d, index, delta));
            onSelect(index + delta);
          }}
          onRemove={() => {
            edit((d) => removeSection(d, index));
            onSelect(0);
          }}
          edit={edit}
        />
      ))}
      <Button
        variant="default"
        leftSection={<IconPlus size={16} aria-hidden />}
        onClick={() => {
          edit(addSection);
          onSelect(count);
        }}
        data-testid="add-section"
      >
        {text.addSection}
      </Button>
    </Stack>
  );
}
