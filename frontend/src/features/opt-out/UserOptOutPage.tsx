import { Alert, Anchor, Button, Container, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { confirmOptOut, getOptOutTarget } from '../../api/opt-out';
import { queryKeys, useApiQuery } from '../../api/query';
import { messages } from '../../lib/messages';
import { optOutMessages as text } from './messages';

/**
 * The default opt-out page (spec 2.4 /external/useroptoutform?token=...): public, reached
 * from a message's unsubscribe link. Opening it changes nothing (link scanners open every
 * link); the person confirms with the button.
 */
export default function UserOptOutPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const target = useApiQuery(queryKeys.detail('optOut', token), (signal) => getOptOutTarget(token, signal));
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState('');

  async function confirm() {
    setSaving(true);
    setFailure('');
    try {
      await confirmOptOut(token);
      navigate('/external/thankyoupage');
    } catch (error) {
      setFailure(error instanceof Error && error.message ? error.message : messages.somethingWentWrong);
      setSaving(false);
    }
  }

  const error = !token ? text.missingToken : target.error || failure;
  return (
    <Container size="xs" py="xl">
      <Paper withBorder p="lg" radius="md">
        <Stack>
          {target.data?.clientName ? (
            <Text fw={700} size="lg" data-testid="optout-brand">
              {target.data.clientName}
            </Text>
          ) : null}
          <Title order={1}>{text.title}</Title>
          {error && (
            <Alert color="red" data-testid="optout-error">
              {error}
            </Alert>
          )}
          {token && !target.data && !target.error && <Skeleton height={60} />}
          {target.data &&
            (target.data.unsubscribed ? (
              <Text>{text.already(target.data.emailHint)}</Text>
            ) : (
              <>
                <Text>{text.question(target.data.emailHint)}</Text>
                <Button onClick={confirm} loading={saving} color="red">
                  {text.confirm}
                </Button>
              </>
            ))}
          {target.data ? (
            <Text size="sm">
              {text.preferencesInstead}{' '}
              <Anchor component={Link} to={`/external/managepreferences?token=${encodeURIComponent(target.data.preferencesToken)}`} data-testid="optout-preferences">
                {text.preferencesLink}
              </Anchor>
            </Text>
          ) : null}
        </Stack>
      </Paper>
    </Container>
  );
}
