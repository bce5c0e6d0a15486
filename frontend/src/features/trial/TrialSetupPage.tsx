import { Alert, Button, Container, List, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { ApiError } from '../../api/client';
import { messages } from '../../lib/messages';
import { trialSetup, type Setup } from './api';

const POLL_MS = 1000;

/** /trial/setup: the workspace's steps, ticked as provisioning finishes each. */
export default function TrialSetupPage() {
  const [setup, setSetup] = useState<Setup | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let timer: number | undefined;
    let stopped = false;
    const poll = () =>
      trialSetup()
        .then((answer) => {
          if (stopped) return;
          setSetup(answer);
          if (answer.status !== 'done' && answer.status !== 'failed') timer = window.setTimeout(poll, POLL_MS);
        })
        .catch((failure) => setError(failure instanceof ApiError ? failure.message : messages.somethingWentWrongTryAgain));
    void poll();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, []);

  return (
    <Container size={520} py="xl">
      <Stack>
        <Title order={1}>{messages.trialSetup}</Title>
        <Text>{messages.trialSetupIntro}</Text>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {setup?.status === 'failed' && (
          <Alert color="red" role="alert">
            {messages.trialSetupFailed}
          </Alert>
        )}
        {setup && (
          <List spacing="sm" aria-live="polite">
            {setup.steps.map((step) => (
              <List.Item
                key={step.key}
                icon={
                  step.done ? (
                    <ThemeIcon color="green" size={22} radius="xl" role="img" aria-label={`${step.label}: done`}>
                      <IconCheck size={14} />
                    </ThemeIcon>
                  ) : (
                    <Loader size={18} role="img" aria-label={step.label} />
                  )
                }
              >
                {step.label}
              </List.Item>
            ))}
          </List>
        )}
        {setup?.appUrl && (
          <Button component="a" href={setup.appUrl} w="fit-content">
            {messages.trialGoToWorkspace}
          </Button>
        )}
      </Stack>
    </Container>
  );
}
