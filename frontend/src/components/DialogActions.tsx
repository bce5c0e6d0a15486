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
  /** The main action cannot be taken (the dialog says why). */
  disabled?: boolean;
}

/** The Cancel / main-action pair at the foot of every dialog, drawer and modal form. */
export function DialogActions({ onCancel, busy = false, onConfirm, confirmLabel = messages.save, testId, mt, disabled = false }: DialogActionsProps) {
  return (
    <Group justify="flex-end" mt={mt}>
      <Button variant="default" onClick={onCancel}>
        {messages.cancel}
      </Button>
      <Button type={onConfirm ? 'button' : 'submit'} onClick={onConfirm} loading={busy} disabled={disabled} data-testid={testId}>
        {confirmLabel}
      </Button>
    </Group>
  );
}
