import { Button, Card, Group, Table, Tabs, Title } from '@mantine/core';
import { IconDownload, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyState } from '../../components/EmptyState';
import { DataTable } from '../../components/list/DataTable';
import { ListFooter } from '../../components/list/ListFooter';
import { queryKeys, useApiQuery } from '../../api/query';
import type { PageSize } from '../../components/list/page-sizes';
import { listReportRecipients, type Outcome } from './api';
import { clientTime } from './format';
import { reportMessages as text } from './messages';
import { useReportExport } from './useReportExport';

const OUTCOMES: Outcome[] = ['opened', 'clicked', 'bounced', 'unsubscribed', 'notOpened'];

/** The campaign's recipients by outcome, one tab each, paged, each list exportable as CSV. */
export function RecipientTabs({ campaignId, showVariant }: { campaignId: number; showVariant: boolean }) {
  const [outcome, setOutcome] = useState<Outcome>('opened');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<PageSize>(10);
  const query = { outcome, page, pageSize };
  const recipients = useApiQuery(queryKeys.list('campaignReports', { campaignId, recipients: query }), (signal) => listReportRecipients(campaignId, query, signal));
  const exporter = useReportExport(campaignId);
  const columns = showVariant ? 5 : 4;

  return (
    <Card withBorder padding="md" data-testid="report-recipients">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {text.recipientsTitle}
        </Title>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={exporter.busy}
          onClick={() => void exporter.start(outcome)}
          data-testid="report-export"
        >
          {text.export}
        </Button>
      </Group>
      <Tabs
        value={outcome}
        onChange={(value) => {
          setOutcome((value as Outcome | null) ?? 'opened');
          setPage(1);
        }}
      >
        <Tabs.List mb="sm">
          {OUTCOMES.map((name) => (
            <Tabs.Tab key={name} value={name} data-testid={`recipients-tab-${name}`}>
              {text.outcomes[name]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <DataTable
        testId="recipients-table"
        loading={recipients.loading}
        error={recipients.error}
        columnCount={columns}
        minWidth={720}
        head={
          <>
            <Table.Th>{text.email}</Table.Th>
            {showVariant ? <Table.Th>{text.variant}</Table.Th> : null}
            <Table.Th>{text.status}</Table.Th>
            <Table.Th>{text.lastReply}</Table.Th>
            <Table.Th>{text.sentAt}</Table.Th>
          </>
        }
        empty={<EmptyState icon={<IconUsers />} title={text.noRecipients} testId="recipients-empty" />}
        rows={recipients.data?.items ?? []}
        renderRow={(row) => (
          <Table.Tr key={row.profileId}>
            <Table.Td>{row.email}</Table.Td>
            {showVariant ? <Table.Td>{row.variant}</Table.Td> : null}
            <Table.Td>{row.state}</Table.Td>
            <Table.Td maw={320}>{row.lastReply}</Table.Td>
            <Table.Td>{clientTime(row.sentAt)}</Table.Td>
          </Table.Tr>
        )}
      />
      <ListFooter answer={recipients.data} page={page} pageSize={pageSize} onPage={setPage} onPageSize={(size) => { setPageSize(size); setPage(1); }} />
    </Card>
  );
}
