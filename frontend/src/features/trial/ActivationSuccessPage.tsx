import { Alert, Button, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { messages } from '../../lib/messages';
import { trialConfirm } from './api';

/** /trial/activationsuccess?token=…: the emailed link, redeemed once by a POST. */
export default function ActivationSuccessPage() {
  const [query] = useSearchParams();
  const [email, setEmail] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const asked = useRef(false);

  useEffect(() => {
    if (asked.current) return; // the link works once: never redeemed twice by a re-render
    asked.current = true;
    trialConfirm(query.get('token') ?? '')
      .then((confirmed) => setEmail(confirmed.email))
      .catch((failure) => setError(failure instanceof ApiError ? failure.message : messages.somethingWentWrongTryAgain));
  }, [query]);

  return (
    <Container size={460} py="xl">
      <Stack>
        <Title order={1}>{messages.trialActivationSuccess}</Title>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {!error && !email && (
          <Text>
            <Loader size="xs" mr="xs" />
            {messages.trialConfirming}
          </Text>
        )}
        {email && (
          <>
            <Text>{messages.trialActivated(email)}</Text>
            <Button component={Link} to="/trial/subscriptionplans" w="fit-content">
              {messages.trialChoosePlan}
            </Button>
          </>
        )}
      </Stack>
    </Container>
  );
}
