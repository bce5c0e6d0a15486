import { Badge, Checkbox, Group, Table } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Sort } from '../../../components/list/page-sizes';
import { SortableTh } from '../../../components/list/SortableTh';
import { StatusBadge } from '../../../components/StatusBadge';
import { formatClientDateTime } from '../../../lib/format';
import { messages } from '../../../lib/messages';
import type { Profile, ProfileSortField } from './api';

interface ProfileTableProps {
  rows: Profile[];
  sort: Sort<ProfileSortField> | undefined;
  onSort: (field: ProfileSortField) => void;
  selected: Set<number>;
  onSelect: (ids: number[], checked: boolean) => void;
  onOpen?: (profile: Profile) => void;
  timeZoneMinutes: number;
  /** Shown in the body when there are no rows (an EmptyState). */
  empty: ReactNode;
}

function Flags({ profile }: { profile: Profile }) {
  return (
    <Group gap={4}>
      {profile.isCsb && <Badge size="xs" color="orange">{messages.flagCsb}</Badge>}
      {profile.unsubscribedAt && <Badge size="xs" color="gray">{messages.flagUnsubscribed}</Badge>}
      {profile.doNotEmail && <Badge size="xs" color="dark">{messages.flagDoNotEmail}</Badge>}
    </Group>
  );
}

const names = (items: { name: string }[]) => items.map((item) => item.name).join(', ');

export function ProfileTable({ rows, sort, onSort, selected, onSelect, onOpen, timeZoneMinutes, empty }: ProfileTableProps) {
  const ids = rows.map((row) => row.id);
  const checkedCount = ids.filter((id) => selected.has(id)).length;
  // Fits the 752 px a 1024 px window leaves (UI.md); long addresses break rather than widen it.
  return (
    <Table.ScrollContainer minWidth={rows.length === 0 ? 0 : 720}>
      <Table highlightOnHover striped data-testid="profile-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox
                aria-label="Select all"
                checked={rows.length > 0 && checkedCount === rows.length}
                indeterminate={checkedCount > 0 && checkedCount < rows.length}
                onChange={(event) => onSelect(ids, event.currentTarget.checked)}
              />
            </Table.Th>
            <SortableTh label={messages.columnEmail} field="email" sort={sort} onSort={onSort} />
            <SortableTh label={messages.columnName} field="firstName" sort={sort} onSort={onSort} />
            <Table.Th>{messages.columnGroups}</Table.Th>
            <Table.Th>{messages.columnTags}</Table.Th>
            <Table.Th>{messages.columnSource}</Table.Th>
            <Table.Th>{messages.columnVerification}</Table.Th>
            <Table.Th>{messages.columnFlags}</Table.Th>
            <SortableTh label={messages.createdDate} field="createdAt" sort={sort} onSort={onSort} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={9}>{empty}</Table.Td>
            </Table.Tr>
          )}
          {rows.map((profile) => (
            <Table.Tr
              key={profile.id}
              data-testid={`profile-row-${profile.email}`}
              style={onOpen ? { cursor: 'pointer' } : undefined}
              onClick={() => onOpen?.(profile)}
            >
              <Table.Td onClick={(event) => event.stopPropagation()}>
                <Checkbox
                  aria-label={`Select ${profile.email}`}
                  checked={selected.has(profile.id)}
                  onChange={(event) => onSelect([profile.id], event.currentTarget.checked)}
                />
              </Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{profile.email}</Table.Td>
              <Table.Td>{[profile.firstName, profile.lastName].filter(Boolean).join(' ')}</Table.Td>
              <Table.Td>{names(profile.groups)}</Table.Td>
              <Table.Td>{names(profile.tags)}</Table.Td>
              <Table.Td>{profile.source}</Table.Td>
              <Table.Td>
                <StatusBadge family="verification" status={profile.verificationStatus} />
              </Table.Td>
              <Table.Td>
                <Flags profile={profile} />
              </Table.Td>
              <Table.Td>{formatClientDateTime(profile.createdAt, timeZoneMinutes)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
