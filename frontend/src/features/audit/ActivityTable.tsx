import { Badge, Table, Text } from '@mantine/core';
import { DataTable } from '../../components/list/DataTable';
import { SortableTh } from '../../components/list/SortableTh';
import type { Sort } from '../../components/list/page-sizes';
import { describe, localTime } from './activity-format';
import type { Activity, ActivitySortField } from './api';
import { activityMessages as text } from './messages';

interface ActivityTableProps {
  rows: Activity[];
  sort: Sort<ActivitySortField> | undefined;
  onSort: (field: ActivitySortField) => void;
  timeZone: string;
  loading: boolean;
}

function objectText(row: Activity): string {
  const label = row.objectLabel || (row.objectId !== null ? `#${row.objectId}` : '');
  return label ? `${row.objectTypeLabel}: ${label}` : row.objectTypeLabel;
}

export function ActivityTable({ rows, sort, onSort, timeZone, loading }: ActivityTableProps) {
  return (
    <DataTable
      testId="activity-table"
      minWidth={960}
      columnCount={6}
      loading={loading}
      head={
        <>
          <SortableTh label={text.time(timeZone)} field="createdAt" sort={sort} onSort={onSort} />
          <SortableTh label={text.person} field="actor" sort={sort} onSort={onSort} />
          <SortableTh label={text.event} field="event" sort={sort} onSort={onSort} />
          <SortableTh label={text.object} field="objectType" sort={sort} onSort={onSort} />
          <Table.Th>{text.details}</Table.Th>
          <SortableTh label={text.path} field="path" sort={sort} onSort={onSort} />
        </>
      }
      rows={rows}
      renderRow={(row) => (
        <Table.Tr key={row.id} data-testid={`activity-row-${row.id}`}>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{localTime(row)}</Table.Td>
          <Table.Td>{row.actorEmail || text.system}</Table.Td>
          <Table.Td>{row.eventLabel}</Table.Td>
          <Table.Td>{objectText(row)}</Table.Td>
          <Table.Td>
            <Text size="sm">{describe(row)}</Text>
          </Table.Td>
          <Table.Td>
            <Badge variant="light" color="gray" title={[row.clientAddress, row.userAgent].filter(Boolean).join(' · ')}>
              {row.pathLabel}
            </Badge>
          </Table.Td>
        </Table.Tr>
      )}
    />
  );
}
