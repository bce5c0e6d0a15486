import { Alert, Badge, Card, Group, Select, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { queryKeys, useApiQuery } from '../../api/query';
import { getScheduleSummary, type ScheduleDay } from './api';
import { clientTime } from './format';
import { reportMessages as text } from './messages';
import { useRouteTitle } from './ReportLayout';
import { SuperAdminOnly } from './SuperAdminOnly';

const PERIODS = [1, 7, 14, 31];

function groupByDay(days: ScheduleDay[]): [string, ScheduleDay[]][] {
  const grouped = new Map<string, ScheduleDay[]>();
  for (const day of days) grouped.set(day.day, [...(grouped.get(day.day) ?? []), day]);
  return [...grouped.entries()];
}

function ScheduleSummary() {
  const title = useRouteTitle();
  const [days, setDays] = useState(7);
  const summary = useApiQuery(queryKeys.detail('scheduleSummary', days), (signal) => getScheduleSummary(days, signal));
  const grouped = groupByDay(summary.data?.days ?? []);
  return (
    <Stack>
      <PageHeader title={title} description={text.scheduleIntro} />
      <Select
        label={text.days}
        data={PERIODS.map((n) => ({ value: String(n), label: text.nextDays(n) }))}
        value={String(days)}
        onChange={(value) => setDays(Number(value ?? 7))}
        allowDeselect={false}
        w={180}
        data-testid="schedule-days"
      />
      {summary.error ? <Alert color="red">{summary.error}</Alert> : null}
      {summary.loading && !summary.data ? (
        <Stack>
          <Skeleton h={120} />
          <Skeleton h={120} />
        </Stack>
      ) : grouped.length === 0 ? (
        <EmptyState icon={<IconCalendarEvent />} title={text.scheduleEmpty} description={text.scheduleEmptyHint} testId="schedule-empty" />
      ) : (
        grouped.map(([day, clients]) => (
          <Card withBorder padding="md" key={day} data-testid={`schedule-day-${day}`}>
            <Group justify="space-between" mb="xs">
              <Title order={2} size="h4">
                {day}
              </Title>
              <Text size="sm" c="dimmed">
                {text.campaignsCount(clients.reduce((sum, c) => sum + c.campaigns.length, 0))}
              </Text>
            </Group>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{text.client}</Table.Th>
                  <Table.Th>{text.campaign}</Table.Th>
                  <Table.Th>{text.type}</Table.Th>
                  <Table.Th>{text.scheduled}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {clients.flatMap((client) =>
                  client.campaigns.map((campaign) => (
                    <Table.Tr key={`${client.clientId}-${campaign.campaignId}`}>
                      <Table.Td>{client.clientName}</Table.Td>
                      <Table.Td fw={500}>{campaign.name}</Table.Td>
                      <Table.Td>{campaign.type}</Table.Td>
                      <Table.Td>
                        <Group gap="xs">
                          <Text size="sm">
                            {clientTime(campaign.scheduledAt)} ({client.timeZone})
                          </Text>
                          {campaign.sendInRecipientZone ? (
                            <Badge variant="light" color="blue">
                              {text.recipientZone}
                            </Badge>
                          ) : null}
                          {campaign.overdue ? (
                            <Badge variant="light" color="orange">
                              {text.overdue}
                            </Badge>
                          ) : null}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  )),
                )}
              </Table.Tbody>
            </Table>
          </Card>
        ))
      )}
    </Stack>
  );
}

/** The Scheduler Summary (spec 2.2 /scheduleSummary, super-admin): scheduled campaigns by day. */
export default function ScheduleSummaryPage() {
  return (
    <SuperAdminOnly>
      <ScheduleSummary />
    </SuperAdminOnly>
  );
}
