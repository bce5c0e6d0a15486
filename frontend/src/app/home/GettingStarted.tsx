import { Button, Card, Group, List, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheckFilled, IconCircleDashed } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import type { FirstSteps } from '../../features/campaigns/api';
import { homeMessages as text } from './messages';

type Step = keyof FirstSteps;

const STEP_LINKS: Record<Step, string> = {
  contactsImported: paths.importSubscribers.href(),
  senderVerified: paths.senders.href(),
  templateDesigned: paths.templates.href(),
  campaignSent: paths.campaignKinds.href(),
};
const STEPS = Object.keys(STEP_LINKS) as Step[];

/** Four steps to a first campaign, each ticked from what the client has (GET /api/mm/firstSteps). */
export function GettingStarted({ done }: { done: FirstSteps }) {
  const next = STEPS.find((step) => !done[step]);
  return (
    <Card withBorder padding="lg" data-testid="getting-started">
      <Title order={2} size="h3">
        {text.gettingStartedTitle}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {text.gettingStartedIntro}
      </Text>
      <List spacing="md" listStyleType="none" styles={{ itemWrapper: { width: '100%' }, itemLabel: { width: '100%' } }}>
        {STEPS.map((step) => {
          const { label, hint, action } = text.steps[step];
          return (
            <List.Item
              key={step}
              data-testid={`first-step-${step}`}
              data-done={done[step]}
              icon={
                <ThemeIcon variant="transparent" color={done[step] ? 'green' : 'gray'} size={24} aria-label={done[step] ? text.stepDone : text.stepToDo} role="img">
                  {done[step] ? <IconCircleCheckFilled size={22} /> : <IconCircleDashed size={22} />}
                </ThemeIcon>
              }
            >
              <Group justify="space-between" wrap="nowrap" gap="md">
                <div>
                  <Text fw={500} td={done[step] ? 'line-through' : undefined}>
                    {label}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {hint}
                  </Text>
                </div>
                <Button component={Link} to={STEP_LINKS[step]} variant={step === next ? 'filled' : 'default'} size="xs" style={{ flexShrink: 0 }}>
                  {action}
                </Button>
              </Group>
            </List.Item>
          );
        })}
      </List>
    </Card>
  );
}
