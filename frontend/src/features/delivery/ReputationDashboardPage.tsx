import { Button, Card, Stack } from '@mantine/core';
import { IconGauge, IconHeartbeat } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { EmptyState } from '../../components/EmptyState';
import { FeatureGate } from '../../components/FeatureGate';
import { PageHeader } from '../../components/PageHeader';
import { paths } from '../../config/paths';
import { deliveryMessages as text } from './messages';

/**
 * Reputation Dashboard (spec 2.2 /reputationdashboard). The menu keeps the entry, so the page
 * says what it will hold and leads to Sending Health, where today's delivery figures are.
 */
export default function ReputationDashboardPage() {
  return (
    <Stack>
      <PageHeader title={text.reputationTitle} description={text.reputationIntro} />
      <Card withBorder>
        <EmptyState
          icon={<IconGauge />}
          title={text.reputationPending}
          description={text.reputationWillShow}
          testId="reputation-pending"
          action={
            <FeatureGate adminOnly>
              <Button component={Link} to={paths.sendingHealth.href()} leftSection={<IconHeartbeat size={16} aria-hidden />}>
                {text.reputationToHealth}
              </Button>
            </FeatureGate>
          }
        />
      </Card>
    </Stack>
  );
}
