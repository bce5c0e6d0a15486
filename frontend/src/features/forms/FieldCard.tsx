import { ActionIcon, Badge, Checkbox, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconScissors, IconTrash } from '@tabler/icons-react';
import type { FieldDef } from './api';
import { errorAt, type Errors } from './definition';
import { fieldTypeLabels, formMessages as text } from './messages';

interface FieldCardProps {
  field: FieldDef;
  /** Where the field's errors are keyed: "definition.sections.<i>.fields.<j>". */
  at: string;
  errors: Errors;
  first: boolean;
  last: boolean;
  /** Whether a new step may start at this field (a multi-step form, not its section's first field). */
  canSplit: boolean;
  onChange: (changes: Partial<FieldDef>) => void;
  onMove: (delta: -1 | 1) => void;
  onSplit: () => void;
  onRemove: () => void;
}

/** One field of a section: its label, placeholder, required tick, (a radio field's) buttons tick and (a checkbox field's) separator, with the server's messages beside them. */
export function FieldCard({ field, at, errors, first, last, canSplit, onChange, onMove, onSplit, onRemove }: FieldCardProps) {
  const name = field.label || field.key;
  const keyError = errorAt(errors, `${at}.key`) ?? errorAt(errors, `${at}.type`);
  const isEmail = field.key === 'email';
  return (
    <Paper withBorder p="sm" data-testid={`field-${field.key}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <Text fw={600} size="sm">
              {name}
            </Text>
            <Badge variant="light" color="gray" size="sm">
              {fieldTypeLabels[field.type]}
            </Badge>
          </Group>
          <Group gap={2} wrap="nowrap">
            {canSplit && (
              <ActionIcon variant="subtle" aria-label={text.splitHere(name)} onClick={onSplit} data-testid={`split-${field.key}`}>
                <IconScissors size={16} />
              </ActionIcon>
            )}
            <ActionIcon variant="subtle" aria-label={text.moveUp(name)} disabled={first} onClick={() => onMove(-1)} data-testid={`up-${field.key}`}>
              <IconArrowUp size={16} />
            </ActionIcon>
            <ActionIcon variant="subtle" aria-label={text.moveDown(name)} disabled={last} onClick={() => onMove(1)} data-testid={`down-${field.key}`}>
              <IconArrowDown size={16} />
            </ActionIcon>
            <ActionIcon variant="subtle" color="red" aria-label={text.removeField(name)} onClick={onRemove} data-testid={`remove-${field.key}`}>
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        </Group>
        {keyError && (
          <Text size="sm" c="red.8" role="alert" tabIndex={-1}>
            {keyError}
          </Text>
        )}
        <Group grow align="flex-start">
          <TextInput label={text.label} value={field.label} onChange={(event) => onChange({ label: event.currentTarget.value })} error={errorAt(errors, `${at}.label`)} data-testid={`label-${field.key}`} />
          <TextInput label={text.placeholder} value={field.placeholder} onChange={(event) => onChange({ placeholder: event.currentTarget.value })} error={errorAt(errors, `${at}.placeholder`)} />
        </Group>
        <Group align="flex-end">
          <Checkbox
            label={text.required}
            checked={field.required}
            onChange={(event) => onChange({ required: event.currentTarget.checked })}
            data-testid={`required-${field.key}`}
            disabled={isEmail && field.required}
          />
          {field.type === 'radio' && (
            <Checkbox
              label={text.asButtons}
              checked={field.asButtons}
              onChange={(event) => onChange({ asButtons: event.currentTarget.checked })}
              data-testid={`as-buttons-${field.key}`}
            />
          )}
          {field.type === 'checkbox' && (
            <TextInput
              label={text.separator}
              description={text.separatorHint}
              value={field.separator}
              maxLength={5}
              w={220}
              onChange={(event) => onChange({ separator: event.currentTarget.value })}
              error={errorAt(errors, `${at}.separator`)}
              data-testid={`separator-${field.key}`}
            />
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
