import { Alert, Skeleton } from '@mantine/core';
import { queryKeys, useApiQuery } from '../../api/query';
import { getFirstSteps } from '../../features/campaigns/api';
import { GettingStarted } from './GettingStarted';
import { HomeDashboard } from './HomeDashboard';
import { homeMessages as text } from './messages';

/** The getting-started list until the client has sent a campaign, then the home dashboard. */
export function AdminHome({ zoneMinutes }: { zoneMinutes: number }) {
  const steps = useApiQuery(queryKeys.detail('firstSteps', 'current'), (signal) => getFirstSteps(signal));
  if (steps.error) return <Alert color="red">{text.loadFailed}</Alert>;
  if (!steps.data) return <Skeleton height={160} data-testid="home-loading" />;
  return steps.data.campaignSent ? <HomeDashboard zoneMinutes={zoneMinutes} /> : <GettingStarted done={steps.data} />;
}
