import { ActionIcon, Button, Group, Paper, Select, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { Definition, FormFieldChoice } from './api';
import { errorAt, withValue, type Errors } from './definition';
import { formMessages as text } from './messages';

interface HiddenFieldsProps {
  definition: Definition;
  fields: FormFieldChoice[];
  errors: Errors;
  edit: (next: (definition: Definition) => Definition) => void;
}

/** Values stored with every submission without being shown (a profile field and its value), and UTM capture. */
export function HiddenFields({ definition, fields, errors, edit }: HiddenFieldsProps) {
  const hidden = definition.hidden;
  const data = fields.map((field) => ({ value: field.key, label: field.label }));
  const setRow = (k: number, changes: Partial<(typeof hidden)[number]>) => edit((d) => ({ ...d, hidden: d.hidden.map((row, i) => (i === k ? { ...row, ...changes } : row)) }));
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h5">
          {text.hidden}
        </Title>
        <Text size="sm" c="gray.7">
          {text.hiddenHint}
        </Text>
        {hidden.map((row, k) => (
          <Group key={k} align="flex-start" wrap="nowrap" data-testid={`hidden-${k}`}>
            <Select label={text.hiddenField} data={data} searchable value={row.key || null} onChange={(key) => setRow(k, { key: key ?? '' })} error={errorAt(errors, `definition.hidden.${k}.key`)} />
            <TextInput label={text.hiddenValue} value={row.value} onChange={(event) => setRow(k, { value: event.currentTarget.value })} error={errorAt(errors, `definition.hidden.${k}.value`)} />
            <ActionIcon mt={26} variant="subtle" color="red" aria-label={text.removeHidden(k + 1)} onClick={() => edit((d) => ({ ...d, hidden: d.hidden.filter((_row, i) => i !== k) }))}>
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button variant="default" size="xs" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => edit((d) => ({ ...d, hidden: [...d.hidden, { key: '', value: '' }] }))} data-testid="add-hidden">
            {text.addHidden}
          </Button>
        </Group>
        <Switch label={text.utm} checked={definition.utm} onChange={(event) => edit(withValue('utm', event.currentTarget.checked))} data-testid="utm" />
      </Stack>
    </Paper>
  );
}
