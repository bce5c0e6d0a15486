import { Button, Group, type MantineSpacing } from '@mantine/core';
import { messages } from '../lib/messages';

interface DialogActionsProps {
  onCancel: () => void;
  busy?: boolean;
  /** Without it the main button submits the form around it. */
  onConfirm?: () => void;
  confirmLabel?: string;
  testId: string;
  mt?: MantineSpacing;
}

/** The Cancel / main-action pair at the foot of every dialog, drawer and modal form. */
export function DialogActions({ onCancel, busy = false, onConfirm, confirmLabel = messages.save, testId, mt }: DialogActionsProps) {
  return (
    <Group justify="flex-end" mt={mt}>
      <Button variant="default" onClick={onCancel}>
        {messages.cancel}
      </Button>
      <Button type={onConfirm ? 'button' : 'submit'} onClick={onConfirm} loading={busy} data-testid={testId}>
        {confirmLabel}
      </Button>
    </Group>
  );
}
