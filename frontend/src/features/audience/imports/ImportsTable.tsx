import { Progress, Table } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import type { ComponentProps, ReactNode } from 'react';
import { queryKeys, useApiQuery } from '../../../api/query';
import { EmptyState } from '../../../components/EmptyState';
import { ListPage } from '../../../components/list/ListPage';
import { StatusBadge } from '../../../components/StatusBadge';
import { useListQuery } from '../../../components/list/useListQuery';
import { formatClientDateTime, formatNumber } from '../../../lib/format';
import { messages } from '../../../lib/messages';
import { useSession } from '../../../lib/session';
import type { ImportKind } from './api';
import { listImports } from './api';
import { ErrorReportButton } from './ErrorReportButton';

interface ImportsTableProps {
  kind: ImportKind;
  /** The page header, on the screens where the list is the page (not under the wizard). */
  header?: ComponentProps<typeof ListPage>['header'];
  /** The empty list's way to the import wizard, on screens that are not the wizard. */
  emptyAction?: ReactNode;
}

/** The imports of one kind, newest first. */
export function ImportsTable({ kind, header, emptyAction }: ImportsTableProps) {
  const { status } = useSession();
  const list = useListQuery();
  const query = { kind, page: list.page, pageSize: list.pageSize };
  const imports = useApiQuery(queryKeys.list('imports', query), (signal) => listImports(query, signal));
  return (
    <ListPage
      header={header}
      list={list}
      query={imports}
      testId="imports-table"
      minWidth={700}
      columns={[
        { label: messages.importFile },
        { label: messages.importStatus },
        { label: messages.rowsTotal },
        { label: messages.rowsInserted },
        { label: messages.rowsUpdated },
        { label: messages.rowsInvalid },
        { label: messages.rowsDuplicate },
        { label: messages.createdDate },
        { label: messages.actions, hideLabel: true },
      ]}
      empty={<EmptyState icon={<IconFileImport />} title={messages.importsEmpty} description={messages.importsEmptyHint} action={emptyAction} />}
      renderRow={(row) => (
        <Table.Tr key={row.id} data-testid={`import-row-${row.id}`}>
          <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.fileName}</Table.Td>
          <Table.Td>
            {row.status === 'InProcess' ? (
              <Progress value={row.progress} w={80} aria-label={messages.jobProgress} />
            ) : (
              <StatusBadge family="job" status={row.status} />
            )}
          </Table.Td>
          <Table.Td>{formatNumber(row.rowsTotal)}</Table.Td>
          <Table.Td>{formatNumber(row.rowsInserted)}</Table.Td>
          <Table.Td>{formatNumber(row.rowsUpdated)}</Table.Td>
          <Table.Td>{formatNumber(row.rowsInvalid)}</Table.Td>
          <Table.Td>{formatNumber(row.rowsDuplicate)}</Table.Td>
          <Table.Td>{formatClientDateTime(row.createdAt, status?.timeZoneMinutes ?? 0)}</Table.Td>
          <Table.Td>{row.hasErrors && <ErrorReportButton importId={row.id} compact />}</Table.Td>
        </Table.Tr>
      )}
    />
  );
}
