import { ActionIcon, Alert, Anchor, Button, Card, Grid, Group, List, Skeleton, Stack, Text, ThemeIcon, Title, Tooltip } from '@mantine/core';
import { IconChartBar, IconCircleCheckFilled, IconCircleDashed } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { canSeeFeature } from '../../components/FeatureGate';
import { StatusBadge } from '../../components/StatusBadge';
import { queryKeys, useApiQuery } from '../../api/query';
import { paths } from '../../config/paths';
import { getFirstSteps, listCampaigns, type CampaignRow, type FirstSteps } from '../../features/campaigns/api';
import { getSendingHealth } from '../../features/delivery/api';
import { formatClientDateTime, formatNumber } from '../../lib/format';
import { useSession } from '../../lib/session';
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
function GettingStarted({ done }: { done: FirstSteps }) {
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

function rate(count: number, sent: number): string {
  return sent ? `${((count / sent) * 100).toFixed(1)}%` : '0.0%';
}

function reportHref(campaign: CampaignRow): string {
  return `${campaign.type === 'AB' ? '/abreporttest' : '/regularcampaignreport'}?campaignId=${campaign.id}`;
}

/** The last campaigns sent with their figures, beside the client's sending health. */
function HomeDashboard({ zoneMinutes }: { zoneMinutes: number }) {
  const recent = useApiQuery(queryKeys.list('campaigns', { status: 'Sent', sort: '-updatedAt', page: 1, pageSize: 10 }), (signal) => listCampaigns({ status: 'Sent', sort: '-updatedAt', page: 1, pageSize: 10 }, signal));
  const health = useApiQuery(queryKeys.detail('sendingHealth', 'current'), (signal) => getSendingHealth(signal));
  const campaigns = (recent.data?.items ?? []).slice(0, 3);
  return (
    <Grid data-testid="home-dashboard">
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <Card withBorder padding="lg" h="100%" data-testid="home-recent">
          <Title order={2} size="h3">
            {text.recentTitle}
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            {text.recentIntro}
          </Text>
          {recent.loading ? (
            <Skeleton height={72} />
          ) : campaigns.length === 0 ? (
            <Text size="sm">{text.noneSentYet}</Text>
          ) : (
            <Stack gap="sm">
              {campaigns.map((campaign) => (
                <Group key={campaign.id} justify="space-between" wrap="nowrap" data-testid={`home-campaign-${campaign.id}`}>
                  <div style={{ minWidth: 0 }}>
                    <Anchor component={Link} to={paths.campaignForm.href(campaign.id)} fw={500}>
                      {campaign.name}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {text.sentOn(formatClientDateTime(campaign.sentAt ?? campaign.startedAt, zoneMinutes))}
                    </Text>
                  </div>
                  <Group gap="lg" wrap="nowrap">
                    <Figure label={text.delivered} value={formatNumber(campaign.sent)} />
                    <Figure label={text.opened} value={rate(campaign.opened, campaign.sent)} />
                    <Figure label={text.clicked} value={rate(campaign.clicked, campaign.sent)} />
                    <Tooltip label={text.viewReport(campaign.name)}>
                      <ActionIcon variant="subtle" component={Link} to={reportHref(campaign)} aria-label={text.viewReport(campaign.name)}>
                        <IconChartBar size={18} stroke={1.75} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Group>
              ))}
            </Stack>
          )}
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <Card withBorder padding="lg" h="100%" data-testid="home-health">
          <Group justify="space-between">
            <Title order={2} size="h3">
              {text.healthTitle}
            </Title>
            {health.data ? <StatusBadge family="sendingHealth" status={health.data.stopped ? 'stopped' : 'ok'} /> : null}
          </Group>
          {health.error ? <Alert color="red">{health.error}</Alert> : null}
          {health.data ? (
            <Stack gap={4} mt="sm">
              <Text size="sm">
                {text.healthThisMonth(
                  formatNumber(health.data.thisMonth.used),
                  health.data.thisMonth.limit === null ? null : formatNumber(health.data.thisMonth.limit),
                )}
              </Text>
              {health.data.warmups.length ? <Text size="sm">{text.healthWarmups(health.data.warmups.length)}</Text> : null}
              <Anchor component={Link} to={paths.sendingHealth.href()} size="sm">
                {text.healthOpen}
              </Anchor>
            </Stack>
          ) : health.loading ? (
            <Skeleton height={48} mt="sm" />
          ) : null}
        </Card>
      </Grid.Col>
    </Grid>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div style={{ textAlign: 'right' }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} size="sm">
        {value}
      </Text>
    </div>
  );
}

/**
 * The first screen's panel, for admins: the getting-started list until the client has sent a
 * campaign, then the home dashboard. Others see the campaign list alone.
 */
export function HomePanel() {
  const { access, status } = useSession();
  const admin = canSeeFeature(access, undefined, true);
  if (!admin) return null;
  return <AdminHome zoneMinutes={status?.timeZoneMinutes ?? 0} />;
}

function AdminHome({ zoneMinutes }: { zoneMinutes: number }) {
  const steps = useApiQuery(queryKeys.detail('firstSteps', 'current'), (signal) => getFirstSteps(signal));
  if (steps.error) return <Alert color="red">{text.loadFailed}</Alert>;
  if (!steps.data) return <Skeleton height={160} data-testid="home-loading" />;
  return steps.data.campaignSent ? <HomeDashboard zoneMinutes={zoneMinutes} /> : <GettingStarted done={steps.data} />;
}
