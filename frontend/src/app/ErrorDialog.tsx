import { Modal, Text } from '@mantine/core';
import { messages } from '../lib/messages';

interface ErrorDialogProps {
  opened: boolean;
  onClose: () => void;
  message?: string;
}

export function ErrorDialog({ opened, onClose, message = messages.somethingWentWrong }: ErrorDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={messages.errorTitle} centered>
      <Text>{message}</Text>
    </Modal>
  );
}
