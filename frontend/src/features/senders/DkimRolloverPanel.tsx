import { Alert, Button, Group, Text } from '@mantine/core';
import { IconKey, IconRotateClockwise } from '@tabler/icons-react';
import { useState } from 'react';
import { FeatureGate } from '../../components/FeatureGate';
import { toast } from '../../lib/toast';
import { toastError } from '../../lib/toast-error';
import { activateDkimRollover, startDkimRollover, type SenderDomain } from './api';
import { senderMessages as text } from './messages';

/**
 * DKIM key rollover on a verified domain's card: new keys are made and listed as records to
 * publish (marked "new key") while the current keys go on signing; Activate looks the new
 * records up in DNS and, once found, the new keys sign and the old ones are retired.
 */
export function DkimRolloverPanel({ domain, onChanged }: { domain: SenderDomain; onChanged: () => void }) {
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await action();
      toast('success', done);
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
      onChanged(); // the records' states change either way
    }
  };
  if (domain.dkimRollover) {
    return (
      <Alert color="blue" icon={<IconKey size={18} />} title={text.rolloverWaitingTitle} data-testid={`dkim-rollover-${domain.name}`}>
        <Text size="sm">{text.rolloverWaiting}</Text>
        <FeatureGate adminOnly>
          <Group mt="sm">
            <Button size="sm" loading={busy} onClick={() => void run(() => activateDkimRollover(domain.id), text.rolloverDone)}>
              {text.rolloverActivate}
            </Button>
          </Group>
        </FeatureGate>
      </Alert>
    );
  }
  if (domain.status !== 'verified') return null;
  return (
    <FeatureGate adminOnly>
      <Group gap="xs">
        <Button
          variant="subtle"
          size="sm"
          leftSection={<IconRotateClockwise size={16} />}
          loading={busy}
          onClick={() => void run(() => startDkimRollover(domain.id), text.rolloverStarted)}
        >
          {text.rolloverStart}
        </Button>
        <Text size="xs" c="dimmed">
          {text.rolloverHint}
        </Text>
      </Group>
    </FeatureGate>
  );
}
