import { Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { waitMessage } from './wait-messages';

export const waitMessageIntervalMs = 2500;

export function LoadingScreen() {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((value) => value + 1), waitMessageIntervalMs);
    return () => clearInterval(timer);
  }, []);
  return (
    <Center mih="60vh" data-testid="loading-screen">
      <Stack align="center">
        <Loader />
        <Text c="dimmed" aria-live="polite">
          {waitMessage(tick)}
        </Text>
      </Stack>
    </Center>
  );
}
