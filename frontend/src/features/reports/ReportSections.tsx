import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { formatNumber } from '../../lib/format';
import { bounceReasonLabel } from '../../lib/messages';
import type { CampaignReport } from './api';
import { clientTime, countWithRate, percent } from './format';
import { reportMessages as text } from './messages';

function Kpi({ label, value, detail, testId }: { label: string; value: string; detail?: string; testId: string }) {
  return (
    <Card withBorder padding="sm" data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={26} fw={700} lh={1.2} data-testid={`${testId}-value`}>
        {value}
      </Text>
      {detail ? (
        <Text size="xs" c="dimmed">
          {detail}
        </Text>
      ) : null}
    </Card>
  );
}

/** The headline figures: delivery, reach and their rates (people, human events only). */
export function KpiCards({ report }: { report: CampaignReport }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} data-testid="report-kpis">
      <Kpi testId="kpi-recipients" label={text.recipients} value={formatNumber(report.recipients)} detail={`${text.pending}: ${formatNumber(report.pending + report.deferred)}`} />
      <Kpi testId="kpi-delivered" label={text.delivered} value={formatNumber(report.delivered)} detail={`${text.sent}: ${formatNumber(report.sent)}`} />
      <Kpi testId="kpi-opens" label={text.uniqueOpens} value={formatNumber(report.uniqueOpens)} detail={`${text.openRate} ${percent(report.openRate)}`} />
      <Kpi testId="kpi-clicks" label={text.uniqueClicks} value={formatNumber(report.uniqueClicks)} detail={`${text.clickRate} ${percent(report.clickRate)} · ${text.clickToOpen} ${percent(report.clickToOpenRate)}`} />
      <Kpi
        testId="kpi-bounces"
        label={text.bounceRate}
        value={percent(report.bounceRate)}
        detail={`${text.hardBounces} ${formatNumber(report.hardBounces)} · ${text.softBounces} ${formatNumber(report.softBounces)}`}
      />
      <Kpi
        testId="kpi-unsubscribes"
        label={text.unsubscribes}
        value={formatNumber(report.unsubscribes)}
        detail={`${text.complaints} ${formatNumber(report.complaints)} · ${text.failed} ${formatNumber(report.failed)}`}
      />
    </SimpleGrid>
  );
}

/** The bounces counted by their reason, most first (none: no card). */
export function BounceReasonsCard({ report }: { report: CampaignReport }) {
  if (report.bounceReasons.length === 0) return null;
  return (
    <Card withBorder padding="md" data-testid="report-bounce-reasons">
      <Title order={2} size="h4">
        {text.bounceReasonsTitle}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {text.bounceReasonsHint}
      </Text>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{text.reason}</Table.Th>
            <Table.Th ta="right">{text.bounces}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.bounceReasons.map((row) => (
            <Table.Tr key={row.reason}>
              <Table.Th scope="row">{bounceReasonLabel(row.reason)}</Table.Th>
              <Table.Td ta="right">{formatNumber(row.count)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

/** Opens and clicks of people beside those of scanners and proxies, which no rate counts. */
export function MachineCard({ report }: { report: CampaignReport }) {
  return (
    <Card withBorder padding="md" data-testid="report-machines">
      <Title order={2} size="h4">
        {text.machineTitle}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {text.machineHint}
      </Text>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th />
            <Table.Th ta="right">{text.human}</Table.Th>
            <Table.Th ta="right">{text.machine}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th scope="row">{text.opens}</Table.Th>
            <Table.Td ta="right" data-testid="human-opens">
              {formatNumber(report.totalOpens)}
            </Table.Td>
            <Table.Td ta="right" data-testid="machine-opens">
              {formatNumber(report.machineOpens)}
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row">{text.clicks}</Table.Th>
            <Table.Td ta="right" data-testid="human-clicks">
              {formatNumber(report.totalClicks)}
            </Table.Td>
            <Table.Td ta="right" data-testid="bot-clicks">
              {formatNumber(report.botClicks)}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Card>
  );
}

/** Every tracked link with its people, clicks and bot clicks, most clicked first. */
export function LinksTable({ report }: { report: CampaignReport }) {
  return (
    <Card withBorder padding="md" data-testid="report-links">
      <Title order={2} size="h4" mb="sm">
        {text.linksTitle}
      </Title>
      {report.links.length === 0 ? (
        <Text c="dimmed">{text.linksEmpty}</Text>
      ) : (
        <Table.ScrollContainer minWidth={600}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{text.url}</Table.Th>
                <Table.Th ta="right">{text.uniqueClicks}</Table.Th>
                <Table.Th ta="right">{text.totalClicks}</Table.Th>
                <Table.Th ta="right">{text.botClicks}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.links.map((link) => (
                <Table.Tr key={link.linkId} data-testid={`link-${link.linkId}`}>
                  <Table.Td maw={480} style={{ wordBreak: 'break-all' }}>
                    <Anchor href={link.url} target="_blank" rel="noopener noreferrer" size="sm">
                      {link.url}
                    </Anchor>
                  </Table.Td>
                  <Table.Td ta="right">{countWithRate(link.uniqueClicks, report.uniqueClicks ? (100 * link.uniqueClicks) / report.uniqueClicks : 0)}</Table.Td>
                  <Table.Td ta="right">{formatNumber(link.totalClicks)}</Table.Td>
                  <Table.Td ta="right">{formatNumber(link.botClicks)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}

/** A campaign sent in each recipient's zone: what went, and what is still due, per hour. */
export function HourlyTable({ report }: { report: CampaignReport }) {
  if (!report.hourly.length) return null;
  return (
    <Card withBorder padding="md" data-testid="report-hourly">
      <Title order={2} size="h4" mb="sm">
        {text.hourlyTitle}
      </Title>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{text.hour}</Table.Th>
            <Table.Th ta="right">{text.sent}</Table.Th>
            <Table.Th ta="right">{text.due}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.hourly.map((row) => (
            <Table.Tr key={row.hour}>
              <Table.Td>{clientTime(row.hour)}</Table.Td>
              <Table.Td ta="right">{formatNumber(row.sent)}</Table.Td>
              <Table.Td ta="right">{formatNumber(row.due)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

function ResendLine({ label, resend }: { label: string; resend: CampaignReport['resends']['unopened'] }) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text size="sm">{label}</Text>
      {resend.enabled ? (
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" c="dimmed">
            {resend.days ? text.afterDays(resend.days) : ''} {clientTime(resend.scheduledAt)}
          </Text>
          <Badge variant="light" color={resend.status === 3 ? 'red' : resend.status === 2 ? 'green' : 'blue'}>
            {text.resendStatus[resend.status] ?? ''}
          </Badge>
        </Group>
      ) : (
        <Badge variant="light" color="gray">
          {text.resendOff}
        </Badge>
      )}
    </Group>
  );
}

/** The two follow-ups' status (spec 4's codes) and what their sends delivered. */
export function ResendsCard({ report }: { report: CampaignReport }) {
  const { resends } = report;
  return (
    <Card withBorder padding="md" data-testid="report-resends">
      <Title order={2} size="h4" mb="sm">
        {text.resendsTitle}
      </Title>
      <Stack gap="xs">
        <ResendLine label={text.resendUnopened} resend={resends.unopened} />
        <ResendLine label={text.resendUnclicked} resend={resends.unclicked} />
        {resends.sends.map((send) => (
          <Text key={send.sendId} size="sm" c="dimmed">
            {text.resendSends}: {formatNumber(send.sent)} / {formatNumber(send.recipients)}
          </Text>
        ))}
      </Stack>
    </Card>
  );
}
