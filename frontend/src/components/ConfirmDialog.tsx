import { Modal, Text } from '@mantine/core';
import { messages } from '../lib/messages';
import { DialogActions } from './DialogActions';

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
      <DialogActions onCancel={onCancel} onConfirm={onConfirm} busy={busy} confirmLabel={messages.confirm} testId="confirm-yes" mt="lg" />
    </Modal>
  );
}
