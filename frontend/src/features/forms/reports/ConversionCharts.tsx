import '@mantine/charts/styles.css';
import { AreaChart } from '@mantine/charts';
import { Card, ScrollArea, SimpleGrid, Table, Text, Title } from '@mantine/core';
import { formatNumber } from '../../../lib/format';
import type { Conversions } from './api';
import { formReportMessages as text } from './messages';

// The chart is a picture of the numbers beside it: kept out of the keyboard order and the
// accessibility tree (recharts' accessibility layer makes each surface a tab stop).
const quiet = { accessibilityLayer: false };

export function rate(submissions: number, views: number): string {
  return views ? `${((100 * submissions) / views).toFixed(1)}%` : '—';
}

/** Totals of the period: views, submissions, confirmed and the conversion rate. */
export function ConversionTotals({ totals }: { totals: Conversions['totals'] }) {
  const cards = [
    ['views', text.views, formatNumber(totals.views)],
    ['submissions', text.submissions, formatNumber(totals.submissions)],
    ['confirmed', text.confirmed, formatNumber(totals.confirmed)],
    ['rate', text.conversionRate, rate(totals.submissions, totals.views)],
  ] as const;
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }}>
      {cards.map(([key, label, value]) => (
        <Card key={key} withBorder padding="md" data-testid={`conversions-total-${key}`}>
          <Text size="sm" c="dimmed">
            {label}
          </Text>
          <Text fw={700} size="xl">
            {value}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}

/** Views, submissions and confirmed per day of the client's calendar, with the numbers beside. */
export function ConversionsByDay({ days }: { days: Conversions['days'] }) {
  return (
    <Card withBorder padding="md" data-testid="conversions-by-day">
      <Title order={2} size="h4" mb="sm">
        {text.byDayTitle}
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <div aria-hidden>
          <AreaChart
            h={240}
            data={days}
            dataKey="day"
            series={[
              { name: 'views', label: text.views, color: 'gray.7' },
              { name: 'submissions', label: text.submissions, color: 'blue.7' },
              { name: 'confirmed', label: text.confirmed, color: 'teal.8' },
            ]}
            curveType="monotone"
            withLegend
            withTooltip={false}
            areaChartProps={quiet}
          />
        </div>
        <ScrollArea h={260} viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': text.byDayTitle }}>
          <Table stickyHeader data-testid="conversions-day-numbers">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{text.day}</Table.Th>
                <Table.Th ta="right">{text.views}</Table.Th>
                <Table.Th ta="right">{text.submissions}</Table.Th>
                <Table.Th ta="right">{text.confirmed}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {[...days].reverse().map((day) => (
                <Table.Tr key={day.day}>
                  <Table.Td>{day.day}</Table.Td>
                  <Table.Td ta="right">{formatNumber(day.views)}</Table.Td>
                  <Table.Td ta="right">{formatNumber(day.submissions)}</Table.Td>
                  <Table.Td ta="right">{formatNumber(day.confirmed)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      </SimpleGrid>
    </Card>
  );
}
