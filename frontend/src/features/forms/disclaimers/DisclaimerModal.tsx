import { Badge, Group, Modal, ScrollArea, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { ApiError } from '../../../api/client';
import { DialogActions } from '../../../components/DialogActions';
import { formatClientDateTime } from '../../../lib/format';
import type { Disclaimer } from './api';
import { disclaimerMessages as text } from './messages';

interface DisclaimerModalProps {
  opened: boolean;
  disclaimer: Disclaimer | null;
  zone: number;
  onSave: (name: string, body: string) => Promise<void>;
  onClose: () => void;
}

/** Create or edit a disclaimer: its name and consent text, and the versions written so far (newest first). */
export function DisclaimerModal({ opened, disclaimer, zone, onSave, onClose }: DisclaimerModalProps) {
  const form = useForm({
    initialValues: { name: '', text: '' },
    validate: {
      name: (value) => (value.trim() ? null : text.nameRequired),
      text: (value) => (value.trim() ? null : text.textRequired),
    },
  });
  useEffect(() => {
    if (opened) form.setValues({ name: disclaimer?.name ?? '', text: disclaimer?.text ?? '' });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- seeded when the dialog opens, not on every render of the form
  }, [opened, disclaimer]);

  const submit = form.onSubmit(async (values) => {
    try {
      await onSave(values.name, values.text);
      onClose();
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.errors).length) {
        form.setErrors(Object.fromEntries(Object.entries(error.errors).map(([field, reasons]) => [field, reasons[0]])));
      } else throw error;
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} title={disclaimer ? text.editTitle : text.createTitle} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label={text.name} required maxLength={100} data-autofocus data-testid="disclaimer-name" {...form.getInputProps('name')} />
          <Textarea label={text.text} description={text.textHint} required autosize minRows={4} maxLength={20000} data-testid="disclaimer-text" {...form.getInputProps('text')} />
          {disclaimer && (
            <Stack gap="xs">
              <Title order={3} size="h5">
                {text.versions}
              </Title>
              <ScrollArea.Autosize mah={200}>
                <Stack gap="xs" data-testid="disclaimer-versions">
                  {disclaimer.versions.map((version) => (
                    <div key={version.number}>
                      <Group gap="xs">
                        <Badge variant="light" color="gray">
                          {text.version} {version.number}
                        </Badge>
                        <Text size="xs" c="dimmed">
                          {formatClientDateTime(version.createdAt, zone)}
                        </Text>
                      </Group>
                      <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                        {version.text}
                      </Text>
                    </div>
                  ))}
                </Stack>
              </ScrollArea.Autosize>
            </Stack>
          )}
          <DialogActions onCancel={onClose} busy={form.submitting} confirmLabel={text.save} testId="disclaimer-save" />
        </Stack>
      </form>
    </Modal>
  );
}
