import { Card, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconFlame } from '@tabler/icons-react';
import { EmptyState } from '../../components/EmptyState';
import { formatNumber } from '../../lib/format';
import type { MonthAllowance, Warmup } from './api';
import { deliveryMessages as text } from './messages';

function Month({ allowance, testId }: { allowance: MonthAllowance; testId: string }) {
  const share = allowance.limit ? Math.min(100, (allowance.used / allowance.limit) * 100) : 0;
  return (
    <Stack gap={4} data-testid={testId}>
      <Text fw={600}>{allowance.month}</Text>
      <Text size="sm">{text.used(allowance.used, allowance.limit ?? null)}</Text>
      {allowance.limit === null || allowance.limit === undefined ? (
        <Text size="sm" c="dimmed">
          {text.noLimit}
        </Text>
      ) : (
        <Progress value={share} color={share >= 100 ? 'red' : share >= 80 ? 'orange' : 'blue'} aria-label={`${allowance.month}: ${text.used(allowance.used, allowance.limit)}`} />
      )}
    </Stack>
  );
}

/** This month's and next month's send allowance (used of the limit). */
export function AllowanceCard({ thisMonth, nextMonth }: { thisMonth: MonthAllowance; nextMonth: MonthAllowance }) {
  return (
    <Card withBorder>
      <Stack>
        <Title order={2} size="h4">
          {text.allowanceTitle}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Month allowance={thisMonth} testId="allowance-this-month" />
          <Month allowance={nextMonth} testId="allowance-next-month" />
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          {text.allowanceHint}
        </Text>
      </Stack>
    </Card>
  );
}

/** Each sending domain in its warm-up: which day, today's allowance and what it sent today. */
export function WarmupCard({ warmups }: { warmups: Warmup[] }) {
  return (
    <Card withBorder>
      <Stack>
        <Title order={2} size="h4">
          {text.warmupTitle}
        </Title>
        <Text size="sm" c="dimmed" data-testid="warmup-rule">
          {text.warmupRule}
        </Text>
        {warmups.length === 0 ? (
          <EmptyState testId="warmup-empty" icon={<IconFlame />} title={text.warmupEmpty} description={text.warmupEmptyHint} />
        ) : (
          <Table data-testid="warmup-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{text.domain}</Table.Th>
                <Table.Th>{text.warmupDay}</Table.Th>
                <Table.Th>{text.today}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {warmups.map((row) => (
                <Table.Tr key={row.domain}>
                  <Table.Td>{row.domain}</Table.Td>
                  <Table.Td>{text.dayOf(row.dayNumber, row.days)}</Table.Td>
                  <Table.Td>{`${formatNumber(row.used)} / ${formatNumber(row.allowance)}`}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  );
}
