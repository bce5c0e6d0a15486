import { Alert, LoadingOverlay, Progress, Table } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { queryKeys, useApiQuery } from '../../../api/query';
import { EmptyState } from '../../../components/EmptyState';
import { DataTable } from '../../../components/list/DataTable';
import { ListFooter } from '../../../components/list/ListFooter';
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
  /** The empty list's way to the import wizard, on screens that are not the wizard. */
  emptyAction?: ReactNode;
}

/** The imports of one kind, newest first. */
export function ImportsTable({ kind, emptyAction }: ImportsTableProps) {
  const { status } = useSession();
  const list = useListQuery();
  const query = { kind, page: list.page, pageSize: list.pageSize };
  const imports = useApiQuery(queryKeys.list('imports', query), (signal) => listImports(query, signal));
  return (
    <div style={{ position: 'relative' }}>
      <LoadingOverlay visible={imports.loading} />
      {imports.error && <Alert color="red">{imports.error}</Alert>}
      <DataTable
        testId="imports-table"
        columnCount={9}
        minWidth={700}
        empty={imports.loading ? null : <EmptyState icon={<IconFileImport />} title={messages.importsEmpty} description={messages.importsEmptyHint} action={emptyAction} />}
        head={
          <>
            <Table.Th>{messages.importFile}</Table.Th>
            <Table.Th>{messages.importStatus}</Table.Th>
            <Table.Th>{messages.rowsTotal}</Table.Th>
            <Table.Th>{messages.rowsInserted}</Table.Th>
            <Table.Th>{messages.rowsUpdated}</Table.Th>
            <Table.Th>{messages.rowsInvalid}</Table.Th>
            <Table.Th>{messages.rowsDuplicate}</Table.Th>
            <Table.Th>{messages.createdDate}</Table.Th>
            <Table.Th />
          </>
        }
        rows={imports.data?.items ?? []}
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
      <ListFooter answer={imports.data} page={list.page} pageSize={list.pageSize} onPage={list.setPage} onPageSize={list.setPageSize} />
    </div>
  );
}
