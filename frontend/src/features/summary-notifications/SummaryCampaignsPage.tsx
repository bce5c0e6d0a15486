import { Anchor, Button, Container, Group, Table, Text } from '@mantine/core';
import { IconArrowLeft, IconMailFast } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router-dom';
import { queryKeys, useApiQuery } from '../../api/query';
import { EmptyState } from '../../components/EmptyState';
import { ListPage } from '../../components/list/ListPage';
import { useListQuery } from '../../components/list/useListQuery';
import { StatusBadge } from '../../components/StatusBadge';
import { formatNumber } from '../../lib/format';
import { listDigests } from './api';
import { summaryMessages as text } from './messages';
import { wallClock } from './schedule-text';

const FIGURES = ['campaignsSent', 'opens', 'clicks', 'newProfiles', 'formConversions', 'unsubscribes'] as const;

/** /summaryNotificationCampaigns: every digest sent, with its period and figures (spec 2.4). */
export default function SummaryCampaignsPage() {
  const [search, setSearch] = useSearchParams();
  const notificationId = Number(search.get('notificationId')) || undefined;
  const list = useListQuery();
  const params = { page: list.page, pageSize: list.pageSize, notificationId };
  const digests = useApiQuery(queryKeys.list('summaryDigests', params), (signal) => listDigests(params, signal));
  const shownName = notificationId ? digests.data?.items[0]?.name : undefined;

  return (
    <Container size="xl" py="md">
      <ListPage
        header={{
          title: text.campaignsTitle,
          description: text.campaignsIntro,
          actions: (
            <Button variant="subtle" component={Link} to="/summaryNotifications" leftSection={<IconArrowLeft size={16} />}>
              {text.backToSchedules}
            </Button>
          ),
        }}
        above={
          notificationId && shownName ? (
            <Group gap="xs">
              <Text size="sm">{text.showingOne(shownName)}</Text>
              <Anchor component="button" size="sm" onClick={() => setSearch({})}>
                {text.showAll}
              </Anchor>
            </Group>
          ) : undefined
        }
        list={list}
        query={digests}
        testId="digests-table"
        minWidth={1000}
        columns={[{ label: text.sentAt }, { label: text.summary }, { label: text.periodCol }, { label: text.recipients }, ...FIGURES.map((name) => ({ label: text.figures[name] })), { label: text.delivery }]}
        empty={<EmptyState icon={<IconMailFast />} title={text.campaignsEmpty} description={text.campaignsEmptyHint} />}
        renderRow={(digest) => (
          <Table.Tr key={digest.id} data-testid={`digest-row-${digest.id}`}>
            <Table.Td>{wallClock(digest.createdAt)}</Table.Td>
            <Table.Td>
              <Text fw={500} size="sm">
                {digest.name}
              </Text>
              <Text c="dimmed" size="xs">
                {digest.subject}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{text.periods[digest.period]}</Text>
              <Text c="dimmed" size="xs">
                {wallClock(digest.periodStart)} – {wallClock(digest.periodEnd)}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" lineClamp={2}>
                {digest.recipients.join(', ')}
              </Text>
            </Table.Td>
            {FIGURES.map((name) => (
              <Table.Td key={name} data-testid={`digest-${name}`}>
                {formatNumber(digest.figures[name])}
              </Table.Td>
            ))}
            <Table.Td>
              <StatusBadge family="campaign" status={digest.deliveryStatus === 'finished' ? 'Sent' : 'Sending'} />
              <Text c="dimmed" size="xs">
                {text.delivered(digest.delivered, digest.recipients.length)}
              </Text>
            </Table.Td>
          </Table.Tr>
        )}
      />
    </Container>
  );
}
