import { Container, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { messages } from '../../lib/messages';

/** Where startup (navigate=showSetup) and the gates of spec 2.5 send people; the query says why. */
export default function SetupPage() {
  const [query] = useSearchParams();
  const explanation =
    query.get('marketingDisabled') === 'true'
      ? messages.marketingDisabled
      : query.get('repNotificationDisable') === 'true'
        ? messages.repNotificationsEnabled
        : messages.setupIncomplete;
  return (
    <Container size="sm" py="xl">
      <Title order={1}>{messages.setupTitle}</Title>
      <Text mt="md" data-testid="setup-explanation">
        {explanation}
      </Text>
    </Container>
  );
}
