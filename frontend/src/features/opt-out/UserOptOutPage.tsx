import { Alert, Anchor, Button, Container, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { getOptOutPage, submitOptOutPage } from '../../api/opt-out';
import { queryKeys, useApiQuery } from '../../api/query';
import { messages } from '../../lib/messages';
import { optOutMessages as text } from './messages';
import { OptOutChoices } from './OptOutChoices';

/**
 * The opt-out page (spec 2.4 /external/useroptoutform?token=...): public, reached from a
 * message's unsubscribe link, built by the client's default opt-out form (its heading,
 * reasons, the groups the person may leave instead, its button and theme). Opening it
 * changes nothing (link scanners open every link); the person confirms with the button.
 */
export default function UserOptOutPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const page = useApiQuery(queryKeys.detail('optOut', token), (signal) => getOptOutPage(token, signal), { enabled: token !== '' });
  const [reason, setReason] = useState('');
  const [groupIds, setGroupIds] = useState<number[]>([]);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState('');

  async function confirm() {
    setSaving(true);
    setFailure('');
    try {
      const answer = await submitOptOutPage(token, reason, groupIds);
      navigate('/external/thankyoupage', { state: { html: answer.thankYouHtml, leftGroups: groupIds.length > 0 } });
    } catch (error) {
      setFailure(error instanceof Error && error.message ? error.message : messages.somethingWentWrong);
      setSaving(false);
    }
  }

  const data = page.data;
  const error = !token ? text.missingToken : page.error || failure;
  return (
    <Container size="xs" py="xl">
      {/* The theme's stylesheet: every value held to a pattern by the server (definition.py), class rules only. */}
      {data?.themeCss ? <style>{data.themeCss}</style> : null}
      <Paper withBorder p="lg" radius="md" className="mc-form">
        <Stack>
          {data?.clientName ? (
            <Text fw={700} size="lg" data-testid="optout-brand">
              {data.clientName}
            </Text>
          ) : null}
          <Title order={1} className="mc-title">
            {data?.heading || text.title}
          </Title>
          {error && (
            <Alert color="red" data-testid="optout-error">
              {error}
            </Alert>
          )}
          {token && !data && !page.error && <Skeleton height={60} />}
          {data &&
            (data.unsubscribed ? (
              <Text>{text.already(data.emailHint)}</Text>
            ) : (
              <>
                {data.intro && <Text className="mc-description">{data.intro}</Text>}
                <Text>{text.question(data.emailHint)}</Text>
                <OptOutChoices page={data} reason={reason} onReason={setReason} groupIds={groupIds} onGroups={setGroupIds} />
                <Button onClick={confirm} loading={saving} color="red" className="mc-submit" data-testid="optout-submit">
                  {data.buttonText}
                </Button>
              </>
            ))}
          {data ? (
            <Text size="sm">
              {text.preferencesInstead}{' '}
              <Anchor component={Link} to={`/external/managepreferences?token=${encodeURIComponent(data.preferencesToken)}`} data-testid="optout-preferences">
                {text.preferencesLink}
              </Anchor>
            </Text>
          ) : null}
        </Stack>
      </Paper>
    </Container>
  );
}
