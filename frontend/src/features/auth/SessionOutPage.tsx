import { Anchor, Container, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { messages } from '../../lib/messages';

export default function SessionOutPage() {
  return (
    <Container size="sm" py="xl">
      <Title order={1}>{messages.sessionExpiredTitle}</Title>
      <Text mt="md">{messages.sessionExpired}</Text>
      <Anchor component={Link} to={paths.login.href()} mt="md" display="inline-block">
        {messages.signIn}
      </Anchor>
    </Container>
  );
}
