import { Alert, Button, Checkbox, Container, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { getPreferences, savePreferences } from '../../api/preferences';
import { queryKeys, useApiQuery } from '../../api/query';
import { messages } from '../../lib/messages';
import { preferencesMessages as text } from './messages';

/**
 * The default update-preferences page (spec 2.4 /external/managepreferences?token=...):
 * public, reached from a message's preferences link. It shows the groups the client offers
 * with the person's current choice; opening it changes nothing, Save applies the choice.
 */
export default function ManagePreferencesPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const page = useApiQuery(queryKeys.detail('preferences', token), (signal) => getPreferences(token, signal));
  const [chosen, setChosen] = useState<string[]>([]);
  const [unsubscribeAll, setUnsubscribeAll] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState('');

  useEffect(() => {
    if (!page.data) return;
    setChosen(page.data.topics.filter((topic) => topic.member).map((topic) => String(topic.groupId)));
    setUnsubscribeAll(false);
  }, [page.data]);

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setSaving(true);
    setFailure('');
    try {
      await savePreferences(token, { groupIds: chosen.map(Number), unsubscribeAll });
      navigate(unsubscribeAll ? '/external/thankyoupage' : '/external/thankyoupage?for=preferences');
    } catch (error) {
      setFailure(error instanceof Error && error.message ? error.message : messages.somethingWentWrong);
      setSaving(false);
    }
  }

  const data = page.data;
  const error = !token ? text.missingToken : page.error || failure;
  return (
    <Container size="xs" py="xl">
      <Paper withBorder p="lg" radius="md">
        <Stack>
          <Title order={1}>{data?.heading ?? 'Email preferences'}</Title>
          {error && (
            <Alert color="red" data-testid="preferences-error" role="alert">
              {error}
            </Alert>
          )}
          {token && !data && !page.error && <Skeleton height={120} />}
          {data && (
            <form onSubmit={save}>
              <Stack>
                {data.intro && <Text>{data.intro}</Text>}
                <Text fw={500}>{text.emailLine(data.emailHint)}</Text>
                {data.unsubscribed && <Text c="red.8">{text.unsubscribed}</Text>}
                {data.topics.length > 0 && (
                  <Checkbox.Group label={text.topicsLabel} value={chosen} onChange={setChosen}>
                    <Stack gap="xs" mt="xs">
                      {data.topics.map((topic) => (
                        <Checkbox
                          key={topic.groupId}
                          value={String(topic.groupId)}
                          label={topic.name}
                          disabled={unsubscribeAll}
                        />
                      ))}
                    </Stack>
                  </Checkbox.Group>
                )}
                {data.offerUnsubscribeAll && !data.unsubscribed && (
                  <Checkbox
                    label={text.unsubscribeAll}
                    description={text.unsubscribeAllHint}
                    checked={unsubscribeAll}
                    onChange={(event) => setUnsubscribeAll(event.currentTarget.checked)}
                  />
                )}
                <Button type="submit" loading={saving} color={unsubscribeAll ? 'red' : undefined}>
                  {text.save}
                </Button>
              </Stack>
            </form>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
