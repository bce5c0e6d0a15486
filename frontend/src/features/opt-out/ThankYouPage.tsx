import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import { optOutMessages as text } from './messages';

/** After an unsubscribe (spec 2.4 /external/thankyoupage): public. */
export default function ThankYouPage() {
  return (
    <Container size="xs" py="xl">
      <Paper withBorder p="lg" radius="md">
        <Stack>
          <Title order={1}>{text.thanksTitle}</Title>
          <Text>{text.thanks}</Text>
        </Stack>
      </Paper>
    </Container>
  );
}
