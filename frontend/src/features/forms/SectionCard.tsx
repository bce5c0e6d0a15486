import { ActionIcon, Badge, Group, Paper, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import type { Definition, Section } from './api';
import { errorAt, moveField, removeField, splitSection, updateField, type Errors } from './definition';
import { FieldCard } from './FieldCard';
import { formMessages as text } from './messages';

interface SectionCardProps {
  section: Section;
  index: number;
  count: number;
  multiStep: boolean;
  selected: boolean;
  errors: Errors;
  onSelect: () => void;
  onTitle: (title: string) => void;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
  edit: (next: (definition: Definition) => Definition) => void;
}

/** A section (a step of a multi-step form) and its fields, in order; the selected one receives the palette's fields. */
export function SectionCard({ section, index, count, multiStep, selected, errors, onSelect, onTitle, onMove, onRemove, edit }: SectionCardProps) {
  const n = index + 1;
  const at = `definition.sections.${index}`;
  const fieldsError = errorAt(errors, `${at}.fields`);
  return (
    <Paper withBorder p="md" data-testid={`section-${index}`} style={selected ? { borderColor: 'var(--mantine-color-blue-7)', borderWidth: 2 } : undefined}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <UnstyledButton onClick={onSelect} aria-pressed={selected} aria-label={text.selectSection(n)} data-testid={`select-section-${index}`}>
            <Group gap="xs">
              <Text fw={700}>{multiStep ? text.step(n) : text.section(n)}</Text>
              {selected && (
                <Badge variant="light" size="sm">
                  {text.selected}
                </Badge>
              )}
            </Group>
          </UnstyledButton>
          <Group gap={2} wrap="nowrap">
            <ActionIcon variant="subtle" aria-label={text.moveSectionUp(n)} disabled={index === 0} onClick={() => onMove(-1)}>
              <IconArrowUp size={16} />
            </ActionIcon>
            <ActionIcon variant="subtle" aria-label={text.moveSectionDown(n)} disabled={index === count - 1} onClick={() => onMove(1)}>
              <IconArrowDown size={16} />
            </ActionIcon>
            <ActionIcon variant="subtle" color="red" aria-label={text.removeSection(n)} disabled={count === 1} onClick={onRemove} data-testid={`remove-section-${index}`}>
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        </Group>
        <TextInput label={text.sectionTitle} value={section.title} onChange={(event) => onTitle(event.currentTarget.value)} error={errorAt(errors, `${at}.title`)} />
        {section.fields.length === 0 && !fieldsError && (
          <Text size="sm" c="gray.7">
            {text.noFields}
          </Text>
        )}
        {fieldsError && (
          <Text size="sm" c="red.8" role="alert" tabIndex={-1} data-testid={`section-error-${index}`}>
            {fieldsError}
          </Text>
        )}
        {section.fields.map((field, j) => (
          <FieldCard
            key={field.key}
            field={field}
            at={`${at}.fields.${j}`}
            errors={errors}
            first={index === 0 && j === 0}
            last={index === count - 1 && j === section.fields.length - 1}
            canSplit={multiStep && j > 0}
            onChange={(changes) => edit((d) => updateField(d, index, j, changes))}
            onMove={(delta) => edit((d) => moveField(d, index, j, delta))}
            onSplit={() => edit((d) => splitSection(d, index, j))}
            onRemove={() => edit((d) => removeField(d, index, j))}
          />
        ))}
      </Stack>
    </Paper>
  );
}
