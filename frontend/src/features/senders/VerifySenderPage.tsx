import { Alert, Button, Container, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { queryKeys, useApiQuery } from '../../api/query';
import { messages } from '../../lib/messages';
import { confirmActivation, getActivation } from './api';
import { senderMessages as text } from './messages';

/**
 * The page of a sender's activation link (/external/verifySender?token=...): public. Opening
 * it changes nothing (mail scanners open every link); the owner of the address confirms
 * with the button.
 */
export default function VerifySenderPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const target = useApiQuery(queryKeys.detail('senderActivation', token), (signal) => getActivation(token, signal));
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState('');
  const [done, setDone] = useState(false);

  async function confirm() {
    setSaving(true);
    setFailure('');
    try {
      await confirmActivation(token);
      setDone(true);
    } catch (error) {
      setFailure(error instanceof Error && error.message ? error.message : messages.somethingWentWrong);
    } finally {
      setSaving(false);
    }
  }

  const error = !token ? text.verifyMissing : target.error || failure;
  const sender = target.data;
  return (
    <Container size="xs" py="xl">
      <Paper withBorder p="lg" radius="md">
        <Stack>
          <Title order={1}>{text.verifyTitle}</Title>
          {error && (
            <Alert color="red" data-testid="verify-error">
              {error}
            </Alert>
          )}
          {token && !sender && !target.error && <Skeleton height={60} />}
          {sender &&
            (done || sender.verified ? (
              <Alert color="green" data-testid="verify-done">
                {text.verifyDone(sender.email)}
              </Alert>
            ) : (
              !failure && (
                <>
                  <Text>{text.verifyQuestion(sender.clientName, sender.name, sender.email)}</Text>
                  <Button onClick={() => void confirm()} loading={saving}>
                    {text.verifyButton}
                  </Button>
                </>
              )
            ))}
        </Stack>
      </Paper>
    </Container>
  );
}
