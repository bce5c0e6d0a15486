import { Alert, Paper, Radio, Stack, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { Definition } from './api';
import { errorAt, type Errors } from './definition';
import { formMessages as text } from './messages';

interface OptInSettingsProps {
  doubleOptIn: boolean;
  onDoubleOptIn: (value: boolean) => void;
  definition: Definition;
  errors: Errors;
  edit: (next: (definition: Definition) => Definition) => void;
}

/** Double opt-in (the default: a confirmation email) or single opt-in, which the admin chooses knowing its risk. */
export function OptInSettings({ doubleOptIn, onDoubleOptIn, definition, errors, edit }: OptInSettingsProps) {
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h5">
          {text.optIn}
        </Title>
        <Radio.Group value={doubleOptIn ? 'double' : 'single'} onChange={(value) => onDoubleOptIn(value === 'double')} label={text.optInChoice} data-testid="opt-in">
          <Stack gap={6} mt={4}>
            <Radio value="double" label={text.doubleOptIn} />
            <Radio value="single" label={text.singleOptIn} data-testid="single-opt-in" />
          </Stack>
        </Radio.Group>
        {doubleOptIn ? (
          <TextInput
            label={text.confirmationSubject}
            value={definition.confirmation.subject}
            onChange={(event) => {
              const subject = event.currentTarget.value;
              edit((d) => ({ ...d, confirmation: { ...d.confirmation, subject } }));
            }}
            error={errorAt(errors, 'definition.confirmation.subject')}
          />
        ) : (
          <Alert color="orange" icon={<IconAlertTriangle size={18} />} data-testid="single-opt-in-warning">
            {text.singleOptInWarning}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
