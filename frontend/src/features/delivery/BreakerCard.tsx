import { Alert, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { StatusBadge } from '../../components/StatusBadge';
import { formatClientDateTime } from '../../lib/format';
import { toast } from '../../lib/toast';
import { toastError } from '../../lib/toast-error';
import { resumeSending, type SendingHealth } from './api';
import { deliveryMessages as text } from './messages';

interface BreakerCardProps {
  health: SendingHealth;
  timeZoneMinutes: number;
  onResumed: () => void;
}

function Figure({ label, value, detail, testId }: { label: string; value: number; detail?: string; testId: string }) {
  return (
    <div data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={600} size="lg">
        {value.toLocaleString('en-US')}
      </Text>
      {detail && <Text size="sm">{detail}</Text>}
    </div>
  );
}

/** The breaker: sending on or stopped, why, the window's figures against their limits, and Resume. */
export function BreakerCard({ health, timeZoneMinutes, onResumed }: BreakerCardProps) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const when = (iso: string | null | undefined) => formatClientDateTime(iso, timeZoneMinutes);
  const rate = (count: number) => (health.sent ? count / health.sent : 0);

  const resume = async () => {
    setBusy(true);
    try {
      await resumeSending();
      toast('success', text.resumed);
      setConfirming(false);
      onResumed();
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card withBorder data-testid="breaker-card">
      <Stack>
        <Group justify="space-between">
          <Group gap="sm">
            <Title order={2} size="h4">
              {text.breakerTitle}
            </Title>
            <StatusBadge family="sendingHealth" status={health.stopped ? 'stopped' : 'ok'} />
          </Group>
          {health.stopped && (
            <Button color="red" leftSection={<IconPlayerPlay size={16} aria-hidden />} onClick={() => setConfirming(true)} data-testid="resume-sending">
              {text.resume}
            </Button>
          )}
        </Group>
        {health.stopped ? (
          <Alert color="red" icon={<IconAlertTriangle aria-hidden />} data-testid="breaker-reason">
            <Text size="sm">{health.reason}</Text>
            <Text size="sm" mt="xs">
              {text.trippedAt(when(health.trippedAt))}
              {health.adminsAlerted ? ` ${text.adminsAlerted}` : ''}
            </Text>
          </Alert>
        ) : (
          <Text size="sm" c="dimmed">
            {text.okHint}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Figure label={text.sent} value={health.sent} testId="breaker-sent" />
          <Figure
            label={text.hardBounces}
            value={health.hardBounces}
            detail={text.rateOf(rate(health.hardBounces), health.hardBounceRateLimit)}
            testId="breaker-bounces"
          />
          <Figure
            label={text.complaints}
            value={health.complaints}
            detail={text.rateOf(rate(health.complaints), health.complaintRateLimit)}
            testId="breaker-complaints"
          />
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          {`${text.windowSince(when(health.windowSince))}. ${text.minSent(health.minSent)}`}
          {health.resumedAt && ` ${text.lastResumed(when(health.resumedAt), health.resumedBy)}.`}
        </Text>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={text.resumeTitle}
        message={text.resumeConfirm}
        busy={busy}
        onConfirm={() => void resume()}
        onCancel={() => setConfirming(false)}
      />
    </Card>
  );
}
