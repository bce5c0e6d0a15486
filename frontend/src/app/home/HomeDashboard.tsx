import { ActionIcon, Alert, Anchor, Card, Grid, Group, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { StatusBadge } from '../../components/StatusBadge';
import { queryKeys, useApiQuery } from '../../api/query';
import { paths } from '../../config/paths';
import { listCampaigns, type CampaignRow } from '../../features/campaigns/api';
import { getSendingHealth } from '../../features/delivery/api';
import { formatClientDateTime, formatNumber } from '../../lib/format';
import { HomeFigure } from './HomeFigure';
import { homeMessages as text } from './messages';

function rate(count: number, sent: number): string {
  return sent ? `${((count / sent) * 100).toFixed(1)}%` : '0.0%';
}

function reportHref(campaign: CampaignRow): string {
  return `${campaign.type === 'AB' ? '/abreporttest' : '/regularcampaignreport'}?campaignId=${campaign.id}`;
}

/** The last campaigns sent with their figures, beside the client's sending health. */
export function HomeDashboard({ zoneMinutes }: { zoneMinutes: number }) {
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
                    <HomeFigure label={text.delivered} value={formatNumber(campaign.sent)} />
                    <HomeFigure label={text.opened} value={rate(campaign.opened, campaign.sent)} />
                    <HomeFigure label={text.clicked} value={rate(campaign.clicked, campaign.sent)} />
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
