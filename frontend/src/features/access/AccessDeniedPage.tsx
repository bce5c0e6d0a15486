import { Container, Text, Title } from '@mantine/core';
import { messages } from '../../lib/messages';

export default function AccessDeniedPage() {
  return (
    <Container size="sm" py="xl">
      <Title order={1}>{messages.accessDeniedTitle}</Title>
      <Text mt="md">{messages.noMarketingAccess}</Text>
    </Container>
  );
}
