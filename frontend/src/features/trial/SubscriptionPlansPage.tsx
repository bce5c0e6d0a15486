import { Alert, Badge, Button, Card, Container, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { messages } from '../../lib/messages';
import { trialPlanChoose, trialPlans, type TrialPlan } from './api';

/** /trial/subscriptionplans: the plans and their limits; the free trial needs no card. */
export default function SubscriptionPlansPage() {
  const navigate = useNavigate();
  const [plans, setPlans] = useState<TrialPlan[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [choosing, setChoosing] = useState(false);

  useEffect(() => {
    trialPlans()
      .then(setPlans)
      .catch((failure) => setError(failure instanceof ApiError ? failure.message : messages.somethingWentWrongTryAgain));
  }, []);

  const choose = async (plan: TrialPlan) => {
    setChoosing(true);
    try {
      await trialPlanChoose(plan.id);
      navigate('/trial/setup');
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : messages.somethingWentWrongTryAgain);
      setChoosing(false);
    }
  };

  return (
    <Container size={720} py="xl">
      <Title order={1}>{messages.trialSubscriptionPlans}</Title>
      <Text mt="xs">{messages.trialPlansIntro}</Text>
      <Stack mt="lg">
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {!plans && !error && <Skeleton height={220} radius="md" />}
        {plans?.map((plan) => (
          <Card key={plan.id} withBorder radius="md" padding="lg">
            <Group justify="space-between">
              <Title order={2} size="h3">
                {plan.name}
              </Title>
              {plan.freeTrial && <Badge color="green">{messages.trialFree}</Badge>}
            </Group>
            <Table mt="md" striped>
              <Table.Tbody>
                {Object.entries(plan.limits).map(([module, limit]) => (
                  <Table.Tr key={module}>
                    <Table.Td>{module}</Table.Td>
                    <Table.Td>{limit ?? '∞'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Button mt="md" w="fit-content" loading={choosing} onClick={() => void choose(plan)}>
              {messages.trialStartFree}
            </Button>
          </Card>
        ))}
      </Stack>
    </Container>
  );
}
