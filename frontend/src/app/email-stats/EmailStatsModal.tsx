import { Button, Center, Group, Loader, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { fetchEmailStats, type EmailStats } from '../../api/email-stats';
import { runVerification } from '../../api/jobs';
import { toast } from '../../lib/toast';
import { formatNumber } from '../../lib/format';
import { messages } from '../../lib/messages';

type State = { phase: 'loading' } | { phase: 'failed' } | { phase: 'loaded'; stats: EmailStats };

const counts = ['Valid', 'Invalid', 'Unknown', 'Pending'] as const;

export function EmailStatsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [state, setState] = useState<State>({ phase: 'loading' });
  const [loads, setLoads] = useState(0);
  const [verifying, setVerifying] = useState(false);

  const verifyPending = async () => {
    setVerifying(true);
    try {
      await runVerification('pending');
      toast('success', messages.verificationStarted);
    } catch (error) {
      toast('error', error instanceof Error && error.message ? error.message : messages.somethingWentWrong);
    } finally {
      setVerifying(false);
    }
  };

  useEffect(() => {
    if (!opened) return;
    const controller = new AbortController();
    setState({ phase: 'loading' });
    fetchEmailStats(controller.signal)
      .then((stats) => setState(stats.Success ? { phase: 'loaded', stats } : { phase: 'failed' }))
      .catch(() => setState({ phase: 'failed' }));
    return () => controller.abort();
  }, [opened, loads]);

  return (
    <Modal opened={opened} onClose={onClose} title={messages.emailStatsTitle} centered>
      <Stack>
        {state.phase === 'loading' && (
          <Center>
            <Loader data-testid="email-stats-loading" />
          </Center>
        )}
        {state.phase === 'failed' && <Text c="red">{messages.profilesError}</Text>}
        {state.phase === 'loaded' && (
          <SimpleGrid cols={2}>
            {counts.map((name) => (
              <div key={name} data-testid={`email-stats-${name.toLowerCase()}`}>
                <Text size="sm" c="dimmed">
                  {name}
                </Text>
                <Text fw={700}>{formatNumber(state.stats[name])}</Text>
              </div>
            ))}
          </SimpleGrid>
        )}
        <Group justify="flex-end">
          <Button variant="light" onClick={() => void verifyPending()} loading={verifying} data-testid="verify-pending">
            {messages.verifyPending}
          </Button>
          <Button onClick={() => setLoads((value) => value + 1)} disabled={state.phase === 'loading'}>
            {messages.refresh}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
