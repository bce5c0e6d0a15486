import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { messages } from '../../../lib/messages';

interface OptionsEditorProps {
  options: string[];
  onChange: (options: string[]) => void;
}

export function OptionsEditor({ options, onChange }: OptionsEditorProps) {
  const lowered = options.map((option) => option.trim().toLowerCase());
  return (
    <Stack gap="xs" data-testid="options-editor">
      <Text size="sm" fw={500}>
        {messages.fieldOptions}
      </Text>
      {options.map((option, index) => {
        const duplicate = option.trim() !== '' && lowered.indexOf(option.trim().toLowerCase()) !== index;
        return (
          <Group key={index} gap="xs" wrap="nowrap">
            <TextInput
              aria-label={messages.optionLabel(index + 1)}
              value={option}
              error={duplicate ? messages.fieldItemsUnique : undefined}
              onChange={(event) => onChange(options.map((item, at) => (at === index ? event.currentTarget.value : item)))}
              style={{ flex: 1 }}
            />
            <ActionIcon variant="subtle" color="red" aria-label={`${messages.delete} ${messages.optionLabel(index + 1)}`} onClick={() => onChange(options.filter((_, at) => at !== index))}>
              <IconX size={18} stroke={1.75} />
            </ActionIcon>
          </Group>
        );
      })}
      <Button size="xs" variant="light" onClick={() => onChange([...options, ''])} w="fit-content" data-testid="add-option">
        {messages.addOption}
      </Button>
    </Stack>
  );
}
