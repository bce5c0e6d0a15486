import { Button, Group, Modal, Text } from '@mantine/core';
import { messages } from '../lib/messages';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  message: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({ opened, title, message, busy = false, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      <Text>{message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel}>
          {messages.cancel}
        </Button>
        <Button onClick={onConfirm} loading={busy} data-testid="confirm-yes">
          {messages.confirm}
        </Button>
      </Group>
    </Modal>
  );
}
