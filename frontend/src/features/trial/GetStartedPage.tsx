import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { messages } from '../../lib/messages';

export default function GetStartedPage() {
  return (
    <Container size={520} py="xl">
      <Stack>
        <Title order={1}>{messages.trialGetStarted}</Title>
        <Text>{messages.trialGetStartedIntro}</Text>
        <Button component={Link} to="/trial/signup" w="fit-content">
          {messages.trialStart}
        </Button>
      </Stack>
    </Container>
  );
}
