import { Alert, Card, Skeleton, Stack } from '@mantine/core';
import { canSeeFeature } from '../../components/FeatureGate';
import { PageHeader } from '../../components/PageHeader';
import { SenderSetupButtons } from '../../components/SenderSetupLinks';
import { queryKeys, useApiQuery, useInvalidate } from '../../api/query';
import { useSession } from '../../lib/session';
import { getSendingHealth } from './api';
import { AllowanceCard, WarmupCard } from './AllowanceCard';
import { BreakerCard } from './BreakerCard';
import { deliveryMessages as text } from './messages';
import { PacesCard } from './PacesCard';

/** Sending Health (admins only): the breaker, the monthly allowance, warm-ups and delivery rates. */
export default function SendingHealthPage() {
  const { access } = useSession();
  if (!canSeeFeature(access, undefined, true)) return <Alert color="red">{text.adminOnly}</Alert>;
  return <SendingHealthScreen />;
}

function SendingHealthScreen() {
  const { status } = useSession();
  const timeZoneMinutes = status?.timeZoneMinutes ?? 0;
  const invalidate = useInvalidate();
  const health = useApiQuery(queryKeys.detail('sendingHealth', 'current'), (signal) => getSendingHealth(signal));

  return (
    <Stack>
      <PageHeader title={text.title} description={text.intro} actions={<SenderSetupButtons />} />
      {health.error && <Alert color="red">{health.error}</Alert>}
      {health.data ? (
        <>
          <BreakerCard health={health.data} timeZoneMinutes={timeZoneMinutes} onResumed={() => void invalidate('sendingHealth')} />
          <AllowanceCard thisMonth={health.data.thisMonth} nextMonth={health.data.nextMonth} />
          <WarmupCard warmups={health.data.warmups} />
        </>
      ) : (
        !health.error && (
          <Stack data-testid="health-loading">
            {[0, 1].map((n) => (
              <Card withBorder key={n}>
                <Skeleton height={18} width="30%" mb="md" />
                <Skeleton height={12} mb="xs" />
                <Skeleton height={12} width="70%" />
              </Card>
            ))}
          </Stack>
        )
      )}
      <PacesCard timeZoneMinutes={timeZoneMinutes} />
    </Stack>
  );
}
