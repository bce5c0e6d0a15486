import { Badge, Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import type { FormFieldChoice } from './api';
import { fieldTypeLabels, formMessages as text } from './messages';

interface FieldPaletteProps {
  fields: FormFieldChoice[];
  used: Set<string>;
  onAdd: (field: FormFieldChoice) => void;
}

/** The profile field registry's fields a form may ask for; a click adds one to the selected section (once per form). */
export function FieldPalette({ fields, used, onAdd }: FieldPaletteProps) {
  const [search, setSearch] = useState('');
  const needle = search.trim().toLowerCase();
  const shown = fields.filter((field) => field.label.toLowerCase().includes(needle));
  return (
    <Paper withBorder p="sm">
      <Stack gap="xs">
        <Title order={2} size="h5">
          {text.palette}
        </Title>
        <Text size="xs" c="gray.7">
          {text.paletteHint}
        </Text>
        <TextInput label={text.paletteSearch} leftSection={<IconSearch size={14} aria-hidden />} value={search} onChange={(event) => setSearch(event.currentTarget.value)} size="xs" />
        {/* A long registry scrolls down, never sideways: a long label is cut with an ellipsis. */}
        <Stack gap={4} mah={520} style={{ overflowY: 'auto', overflowX: 'hidden' }} data-testid="field-palette">
          {shown.map((field) => {
            const onForm = used.has(field.key);
            return (
              <Button
                key={field.key}
                variant="subtle"
                justify="space-between"
                size="compact-sm"
                fullWidth
                disabled={onForm}
                leftSection={<IconPlus size={14} aria-hidden />}
                rightSection={
                  <Badge variant="light" color="gray" size="xs">
                    {onForm ? text.onForm : fieldTypeLabels[field.type]}
                  </Badge>
                }
                onClick={() => onAdd(field)}
                aria-label={text.addField(field.label)}
                styles={{ label: { flex: 1, justifyContent: 'flex-start', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 } }}
                data-testid={`palette-${field.key}`}
              >
                {field.label}
              </Button>
            );
          })}
        </Stack>
      </Stack>
    </Paper>
  );
}
