import { Alert, LoadingOverlay, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { messages } from '../../lib/messages';

interface DataTableProps<T> {
  testId: string;
  /** The header cells; `columnCount` of them. */
  head: ReactNode;
  columnCount: number;
  rows: T[];
  renderRow: (row: T) => ReactNode;
  highlightOnHover?: boolean;
  /** When given, the table sits under a loading overlay. */
  loading?: boolean;
  /** Shown above the table. */
  error?: string | null;
  /** Below this width the table scrolls sideways inside its container, never the page (UI.md: 1024 px). */
  minWidth?: number;
  /** Shown in the table's body when it has no rows (an EmptyState); "No records found" otherwise. */
  empty?: ReactNode;
  /** Cell padding left and right, in px (Mantine's xs, 10, by default); a wide list narrows it to fit 1024 px. */
  horizontalSpacing?: number;
}

/** A striped list table in its own horizontal scroll container: its sticky header, an empty state
 * when there are no rows, then one row per item. */
export function DataTable<T>({ testId, head, columnCount, rows, renderRow, highlightOnHover, loading, error, minWidth = 640, empty, horizontalSpacing }: DataTableProps<T>) {
  const table = (
    <Table striped stickyHeader highlightOnHover={highlightOnHover} horizontalSpacing={horizontalSpacing ?? 'xs'} data-testid={testId}>
      <Table.Thead>
        <Table.Tr>{head}</Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.length === 0 && (
          <Table.Tr>
            <Table.Td colSpan={columnCount}>
              {loading ? null : (empty ?? (
                <Text c="dimmed" ta="center">
                  {messages.noRecords}
                </Text>
              ))}
            </Table.Td>
          </Table.Tr>
        )}
        {rows.map(renderRow)}
      </Table.Tbody>
    </Table>
  );
  // An empty table fits the screen, so that its empty state sits in view rather than in a scrolled box.
  const scrolled = <Table.ScrollContainer minWidth={rows.length === 0 ? 0 : minWidth}>{table}</Table.ScrollContainer>;
  return (
    <>
      {error && <Alert color="red">{error}</Alert>}
      {loading === undefined ? (
        scrolled
      ) : (
        <div style={{ position: 'relative' }}>
          <LoadingOverlay visible={loading} />
          {scrolled}
        </div>
      )}
    </>
  );
}
