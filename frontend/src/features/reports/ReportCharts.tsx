import '@mantine/charts/styles.css';
import { AreaChart, BarChart } from '@mantine/charts';
import { Card, Group, ScrollArea, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { formatNumber } from '../../lib/format';
import type { AbReport, CampaignReport } from './api';
import { bucketLabel, percent } from './format';
import { reportMessages as text } from './messages';

// The charts are pictures of the numbers beside them: kept out of the keyboard order and the
// accessibility tree (recharts' accessibility layer makes each surface a tab stop).
const quiet = { accessibilityLayer: false };

/** A chart's card: its title, the chart, and its numbers beside it for people who read (UI.md). */
function ChartCard({ title, testId, chart, numbers }: { title: string; testId: string; chart: React.ReactNode; numbers: React.ReactNode }) {
  return (
    <Card withBorder padding="md" data-testid={testId}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <div aria-hidden>{chart}</div>
        {numbers}
      </SimpleGrid>
    </Card>
  );
}

/** Recipients → sent → delivered → opened → clicked (people, human events only). */
export function DeliveryFunnel({ report }: { report: CampaignReport }) {
  const stages = [
    { stage: text.recipients, count: report.recipients },
    { stage: text.sent, count: report.sent },
    { stage: text.delivered, count: report.delivered },
    { stage: text.uniqueOpens, count: report.uniqueOpens },
    { stage: text.uniqueClicks, count: report.uniqueClicks },
  ];
  return (
    <ChartCard
      title={text.funnelTitle}
      testId="report-funnel"
      chart={
        <BarChart
          h={220}
          data={stages}
          dataKey="stage"
          orientation="vertical"
          yAxisProps={{ width: 110 }}
          series={[{ name: 'count', label: text.recipients, color: 'blue.7' }]}
          withTooltip={false}
          barChartProps={quiet}
        />
      }
      numbers={
        <Table data-testid="report-funnel-numbers">
          <Table.Tbody>
            {stages.map((row) => (
              <Table.Tr key={row.stage}>
                <Table.Th scope="row">{row.stage}</Table.Th>
                <Table.Td ta="right">{formatNumber(row.count)}</Table.Td>
                <Table.Td ta="right" c="dimmed">
                  {report.recipients ? percent((100 * row.count) / report.recipients) : ''}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      }
    />
  );
}

/** Human opens and clicks per hour (or per day past three days) of the client's time zone. */
export function OpensClicksTimeline({ timeline }: { timeline: CampaignReport['timeline'] }) {
  const unit = timeline.unit;
  const points = timeline.points.map((point) => ({ at: bucketLabel(point.at, unit), opens: point.opens, clicks: point.clicks }));
  if (!points.length) {
    return (
      <Card withBorder padding="md" data-testid="report-timeline">
        <Title order={2} size="h4" mb="sm">
          {text.timelineTitle}
        </Title>
        <Text c="dimmed">{text.timelineEmpty}</Text>
      </Card>
    );
  }
  return (
    <ChartCard
      title={`${text.timelineTitle} (${unit === 'hour' ? text.perHour : text.perDay})`}
      testId="report-timeline"
      chart={
        <AreaChart
          h={220}
          data={points}
          dataKey="at"
          series={[
            { name: 'opens', label: text.opens, color: 'blue.7' },
            { name: 'clicks', label: text.clicks, color: 'teal.8' },
          ]}
          curveType="monotone"
          withTooltip={false}
          areaChartProps={quiet}
        />
      }
      numbers={
        <ScrollArea h={220}>
          <Table stickyHeader data-testid="report-timeline-numbers">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{text.time}</Table.Th>
                <Table.Th ta="right">{text.opens}</Table.Th>
                <Table.Th ta="right">{text.clicks}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {points.map((point) => (
                <Table.Tr key={point.at}>
                  <Table.Td>{point.at}</Table.Td>
                  <Table.Td ta="right">{formatNumber(point.opens)}</Table.Td>
                  <Table.Td ta="right">{formatNumber(point.clicks)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      }
    />
  );
}

/** Open and click rates of each variant side by side, the winner marked in the numbers. */
export function VariantChart({ ab }: { ab: AbReport }) {
  const data = ab.variants.map((variant) => ({ variant: variant.name || '—', openRate: variant.openRate, clickRate: variant.clickRate }));
  return (
    <ChartCard
      title={`${text.openRate} / ${text.clickRate}`}
      testId="ab-chart"
      chart={
        <BarChart
          h={220}
          data={data}
          dataKey="variant"
          unit="%"
          series={[
            { name: 'openRate', label: text.openRate, color: 'blue.7' },
            { name: 'clickRate', label: text.clickRate, color: 'teal.8' },
          ]}
          withTooltip={false}
          barChartProps={quiet}
        />
      }
      numbers={
        <Stack gap={4}>
          {ab.variants.map((variant) => (
            <Group key={variant.name} justify="space-between">
              <Text fw={600}>
                {text.variant} {variant.name}
                {ab.winner === variant.name ? ` · ${text.winner}` : ''}
              </Text>
              <Text>
                {percent(variant.openRate)} · {percent(variant.clickRate)}
              </Text>
            </Group>
          ))}
        </Stack>
      }
    />
  );
}
