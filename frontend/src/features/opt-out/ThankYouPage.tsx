import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { optOutMessages as text } from './messages';

/** After an unsubscribe, or a save of the preferences page (?for=preferences) (spec 2.4 /external/thankyoupage): public. */
export default function ThankYouPage() {
  const [params] = useSearchParams();
  const preferences = params.get('for') === 'preferences';
  return (
    <Container size="xs" py="xl">
      <Paper withBorder p="lg" radius="md">
        <Stack>
          <Title order={1}>{text.thanksTitle}</Title>
          <Text>{preferences ? text.preferencesSaved : text.thanks}</Text>
        </Stack>
      </Paper>
    </Container>
  );
}
