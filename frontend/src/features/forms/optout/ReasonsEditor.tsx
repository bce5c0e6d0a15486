import { ActionIcon, Button, Group, Input, Stack, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { optOutFormMessages as text } from './messages';

interface ReasonsEditorProps {
  value: string[];
  onChange: (reasons: string[]) => void;
  error?: string;
  readOnly: boolean;
}

/** The reasons a person may give on the opt-out page, in order (at most 20, as the server holds). */
export function ReasonsEditor({ value, onChange, error, readOnly }: ReasonsEditorProps) {
  const set = (index: number, reason: string) => onChange(value.map((current, i) => (i === index ? reason : current)));
  return (
    <Input.Wrapper label={text.reasons} description={text.reasonsHint} error={error} required>
      <Stack gap="xs" mt="xs">
        {value.map((reason, index) => (
          <Group key={index} gap="xs" wrap="nowrap">
            <TextInput
              flex={1}
              aria-label={text.reason(index + 1)}
              value={reason}
              maxLength={200}
              disabled={readOnly}
              onChange={(event) => set(index, event.currentTarget.value)}
              data-testid={`reason-${index}`}
            />
            <ActionIcon variant="subtle" color="red" aria-label={text.removeReason(index + 1)} disabled={readOnly} onClick={() => onChange(value.filter((_, i) => i !== index))}>
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        <Button
          variant="subtle"
          size="xs"
          w="fit-content"
          leftSection={<IconPlus size={14} />}
          disabled={readOnly || value.length >= 20}
          onClick={() => onChange([...value, ''])}
          data-testid="add-reason"
        >
          {text.addReason}
        </Button>
      </Stack>
    </Input.Wrapper>
  );
}
