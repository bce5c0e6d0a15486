import { Button, Group, Modal, Text } from '@mantine/core';
import type { UnpublishChoice } from './api';
import { workflowMessages as text } from './messages';

interface UnpublishDialogProps {
  opened: boolean;
  /** Enrollments in process: with any, the dialog asks what becomes of them (spec 4). */
  inProcess: number;
  busy: boolean;
  onChoose: (choice: UnpublishChoice | null) => void;
  onCancel: () => void;
}

/** Unpublishing: with profiles still in the workflow, process them to the end or terminate them. */
export function UnpublishDialog({ opened, inProcess, busy, onChoose, onCancel }: UnpublishDialogProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title={text.unpublishTitle} centered>
      <Text>{inProcess > 0 ? text.unpublishActive(inProcess) : text.unpublishNone}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel} disabled={busy} data-autofocus>
          {text.cancel}
        </Button>
        {inProcess > 0 ? (
          <>
            <Button variant="outline" color="red" onClick={() => onChoose('terminate')} loading={busy} data-testid="unpublish-terminate">
              {text.terminate}
            </Button>
            <Button onClick={() => onChoose('process')} loading={busy} data-testid="unpublish-process">
              {text.processToEnd}
            </Button>
          </>
        ) : (
          <Button onClick={() => onChoose(null)} loading={busy} data-testid="unpublish-confirm">
            {text.unpublish}
          </Button>
        )}
      </Group>
    </Modal>
  );
}
