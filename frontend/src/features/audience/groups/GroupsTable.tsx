import { ActionIcon, Group as Row, Table, Tooltip } from '@mantine/core';
import { IconLock, IconPencil, IconTrash } from '@tabler/icons-react';
import { DataTable } from '../../../components/list/DataTable';
import type { Sort } from '../../../components/list/page-sizes';
import { SortableTh } from '../../../components/list/SortableTh';
import { formatClientDateTime, formatNumber } from '../../../lib/format';
import { messages } from '../../../lib/messages';
import type { ReactNode } from 'react';
import type { Group, GroupSortField } from './api';

interface GroupsTableProps {
  rows: Group[];
  loading: boolean;
  error: string | null;
  sort: Sort<GroupSortField> | undefined;
  onSort: (field: GroupSortField) => void;
  onRename: (group: Group) => void;
  onDelete: (group: Group) => void;
  timeZoneMinutes: number;
  empty: ReactNode;
}

export function GroupsTable({ rows, loading, error, sort, onSort, onRename, onDelete, timeZoneMinutes, empty }: GroupsTableProps) {
  return (
    <DataTable
      testId="groups-table"
      highlightOnHover
      loading={loading}
      error={error}
      columnCount={5}
      empty={empty}
      head={
        <>
          <SortableTh label={messages.groupName} field="name" sort={sort} onSort={onSort} />
          <Table.Th>{messages.category}</Table.Th>
          <Table.Th>{messages.profileCount}</Table.Th>
          <SortableTh label={messages.createdDate} field="createdAt" sort={sort} onSort={onSort} />
          <Table.Th>{messages.actions}</Table.Th>
        </>
      }
      rows={rows}
      renderRow={(group) => (
        <Table.Tr key={group.id} data-testid={`group-row-${group.name}`}>
          <Table.Td>
            <Row gap={6}>
              {group.isDefault && (
                <Tooltip label={messages.defaultGroup}>
                  <span role="img" aria-label={messages.defaultGroup} data-testid="default-lock" style={{ display: 'inline-flex' }}>
                    <IconLock size={14} stroke={1.75} />
                  </span>
                </Tooltip>
              )}
              {group.name}
            </Row>
          </Table.Td>
          <Table.Td>{group.categoryName ?? ''}</Table.Td>
          <Table.Td>{formatNumber(group.profileCount)}</Table.Td>
          <Table.Td>{formatClientDateTime(group.createdAt, timeZoneMinutes)}</Table.Td>
          <Table.Td>
            <Row gap={4}>
              <ActionIcon variant="subtle" aria-label={`${messages.rename} ${group.name}`} onClick={() => onRename(group)}>
                <IconPencil size={18} stroke={1.75} />
              </ActionIcon>
              {!group.isDefault && (
                <ActionIcon variant="subtle" color="red" aria-label={`${messages.delete} ${group.name}`} onClick={() => onDelete(group)}>
                  <IconTrash size={18} stroke={1.75} />
                </ActionIcon>
              )}
            </Row>
          </Table.Td>
        </Table.Tr>
      )}
    />
  );
}
