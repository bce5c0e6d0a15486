import { Anchor, Button, Container, Table, Text } from '@mantine/core';
import { IconHistory, IconMailFast, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { queryKeys, useApiQuery, useInvalidate } from '../../api/query';
import { EmptyState } from '../../components/EmptyState';
import { ListPage } from '../../components/list/ListPage';
import { useCrudActions } from '../../components/list/useCrudActions';
import { useListQuery } from '../../components/list/useListQuery';
import { StatusBadge } from '../../components/StatusBadge';
import { createSummary, deleteSummary, listSummaries, updateSummary, type SummaryInput, type SummaryNotification } from './api';
import { summaryMessages as text } from './messages';
import { scheduleText, wallClock } from './schedule-text';
import { SummaryFormModal } from './SummaryFormModal';
import { RowActions } from '../../components/list/RowActions';

/** /summaryNotifications: the scheduled digests of the client's figures (spec 2.4). */
export default function SummaryNotificationsPage() {
  const list = useListQuery();
  const params = { page: list.page, pageSize: list.pageSize };
  const summaries = useApiQuery(queryKeys.list('summaryNotifications', params), (signal) => listSummaries(params, signal));
  const invalidate = useInvalidate();
  const [editing, setEditing] = useState<SummaryNotification | 'new' | null>(null);
  const crud = useCrudActions<SummaryNotification>({
    invalidates: ['summaryNotifications'],
    deleteItem: (summary) => deleteSummary(summary.id),
    deletedMessage: text.deleted,
    confirmMessage: (summary) => text.deleteConfirm(summary.name),
  });
  const timeZone = summaries.data?.items[0]?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;

  const save = async (body: SummaryInput) => {
    if (editing && editing !== 'new') await updateSummary(editing.id, body);
    else await createSummary(body);
    void invalidate('summaryNotifications');
  };

  const createButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} data-testid="create-summary">
      {text.create}
    </Button>
  );

  return (
    <Container size="xl" py="md">
      <ListPage
        header={{
          title: text.title,
          description: text.intro,
          actions: (
            <>
              <Button variant="subtle" component={Link} to="/summaryNotificationCampaigns" leftSection={<IconHistory size={16} />}>
                {text.history}
              </Button>
              {createButton}
            </>
          ),
        }}
        list={list}
        query={summaries}
        testId="summaries-table"
        minWidth={960}
        columns={[
          { label: text.name },
          { label: text.schedule },
          { label: text.periodCol },
          { label: text.recipients },
          { label: text.nextSend },
          { label: text.sent },
          { label: text.status },
          { label: text.actions, hideLabel: true },
        ]}
        empty={<EmptyState icon={<IconMailFast />} title={text.empty} description={text.emptyHint} action={createButton} />}
        renderRow={(summary) => (
          <Table.Tr key={summary.id} data-testid={`summary-row-${summary.name}`}>
            <Table.Td>
              <Text fw={500} size="sm">
                {summary.name}
              </Text>
              <Text c="dimmed" size="xs" lineClamp={1}>
                {summary.description}
              </Text>
            </Table.Td>
            <Table.Td>{scheduleText(summary)}</Table.Td>
            <Table.Td>{text.periods[summary.period]}</Table.Td>
            <Table.Td>
              <Text size="sm" lineClamp={2}>
                {summary.recipients.join(', ')}
              </Text>
            </Table.Td>
            <Table.Td data-testid="summary-next">{summary.nextDueAt ? `${wallClock(summary.nextDueAt)}` : '—'}</Table.Td>
            <Table.Td>
              <Anchor component={Link} to={`/summaryNotificationCampaigns?notificationId=${summary.id}`} aria-label={text.historyOf(summary.name)}>
                {summary.digestsSent}
              </Anchor>
            </Table.Td>
            <Table.Td>
              <StatusBadge family="campaign" status={summary.status} />
            </Table.Td>
            <Table.Td>
              <RowActions
                editLabel={text.editOf(summary.name)}
                onEdit={() => setEditing(summary)}
                deleteLabel={text.deleteOf(summary.name)}
                onDelete={() => crud.setDeleting(summary)}
              />
            </Table.Td>
          </Table.Tr>
        )}
        confirm={crud.confirmProps}
      >
        <SummaryFormModal opened={editing !== null} summary={editing === 'new' ? null : editing} timeZone={timeZone} onSave={save} onClose={() => setEditing(null)} />
      </ListPage>
    </Container>
  );
}
