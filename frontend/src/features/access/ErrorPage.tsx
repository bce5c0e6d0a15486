import { Container, Text, Title } from '@mantine/core';
import { useLocation, useSearchParams } from 'react-router-dom';
import { messages } from '../../lib/messages';

export default function ErrorPage() {
  const { state } = useLocation();
  const [query] = useSearchParams();
  const fromState = (state as { message?: unknown } | null)?.message;
  const message = (typeof fromState === 'string' && fromState) || query.get('message') || messages.somethingWentWrongTryLater;
  return (
    <Container size="sm" py="xl">
      <Title order={1}>{messages.errorTitle}</Title>
      <Text mt="md" data-testid="error-message">
        {message}
      </Text>
    </Container>
  );
}
