import { Alert, Badge, LoadingOverlay, Progress, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { ListFooter } from '../../../components/list/ListFooter';
import type { PageSize } from '../../../components/list/page-sizes';
import { useRemote } from '../../../components/list/useRemote';
import { formatClientDateTime, formatNumber } from '../../../lib/format';
import { messages } from '../../../lib/messages';
import { useSession } from '../../../lib/session';
import type { ImportKind } from '../types';
import { listImports } from './api';
import { ErrorReportButton } from './ErrorReportButton';

const statusColors: Record<string, string> = { Completed: 'green', Failed: 'red', Cancelled: 'gray', InProcess: 'blue', Pending: 'yellow' };

/** The imports of one kind, newest first; `refreshKey` reloads it (a new import finished). */
export function ImportsTable({ kind, refreshKey = 0 }: { kind: ImportKind; refreshKey?: number }) {
  const { status } = useSession();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<PageSize>(10);
  const imports = useRemote((signal) => listImports({ kind, page, pageSize }, signal), `${kind}:${page}:${pageSize}:${refreshKey}`);
  const rows = imports.data?.items ?? [];
  return (
    <div style={{ position: 'relative' }}>
      <LoadingOverlay visible={imports.loading} />
      {imports.error && <Alert color="red">{imports.error}</Alert>}
      <Table striped data-testid="imports-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{messages.importFile}</Table.Th>
            <Table.Th>{messages.importStatus}</Table.Th>
            <Table.Th>{messages.rowsTotal}</Table.Th>
            <Table.Th>{messages.rowsInserted}</Table.Th>
            <Table.Th>{messages.rowsUpdated}</Table.Th>
            <Table.Th>{messages.rowsInvalid}</Table.Th>
            <Table.Th>{messages.rowsDuplicate}</Table.Th>
            <Table.Th>{messages.createdDate}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={9}>
                <Text c="dimmed" ta="center">
                  {messages.noRecords}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {rows.map((row) => (
            <Table.Tr key={row.id} data-testid={`import-row-${row.id}`}>
              <Table.Td>{row.fileName}</Table.Td>
              <Table.Td>
                {row.status === 'InProcess' ? (
                  <Progress value={row.progress} w={80} aria-label={messages.jobProgress} />
                ) : (
                  <Badge variant="light" color={statusColors[row.status] ?? 'gray'}>
                    {row.status}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>{formatNumber(row.rowsTotal)}</Table.Td>
              <Table.Td>{formatNumber(row.rowsInserted)}</Table.Td>
              <Table.Td>{formatNumber(row.rowsUpdated)}</Table.Td>
              <Table.Td>{formatNumber(row.rowsInvalid)}</Table.Td>
              <Table.Td>{formatNumber(row.rowsDuplicate)}</Table.Td>
              <Table.Td>{formatClientDateTime(row.createdAt, status?.timeZoneMinutes ?? 0)}</Table.Td>
              <Table.Td>{row.hasErrors && <ErrorReportButton importId={row.id} size="xs" />}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <ListFooter
        total={imports.data?.total ?? 0}
        page={page}
        pageSize={pageSize}
        onPage={setPage}
        onPageSize={(size) => {
          setPageSize(size);
          setPage(1);
        }}
      />
    </div>
  );
}
