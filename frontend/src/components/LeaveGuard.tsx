import { Button, Group, Modal, Text } from '@mantine/core';
import { messages } from '../lib/messages';
import { useLeaveGuard } from '../lib/use-leave-guard';

/** Asks before leaving a screen with unsaved changes: stay (nothing changes) or leave (they are lost). */
export function LeaveGuard({ isDirty }: { isDirty: () => boolean }) {
  const blocker = useLeaveGuard(isDirty);
  const stay = () => blocker.reset?.();
  return (
    <Modal opened={blocker.state === 'blocked'} onClose={stay} title={messages.leaveTitle} centered>
      <Text>{messages.leaveConfirm}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={stay} data-autofocus data-testid="leave-stay">
          {messages.leaveStay}
        </Button>
        <Button color="red" onClick={() => blocker.proceed?.()} data-testid="leave-go">
          {messages.leaveGo}
        </Button>
      </Group>
    </Modal>
  );
}
