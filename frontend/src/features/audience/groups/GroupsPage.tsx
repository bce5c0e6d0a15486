import { Button, Group as Row, Select, Table, Tooltip } from '@mantine/core';
import { IconLock, IconPlus, IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { queryKeys, useApiQuery } from '../../../api/query';
import { EmptyState } from '../../../components/EmptyState';
import { ListPage } from '../../../components/list/ListPage';
import { useCrudActions } from '../../../components/list/useCrudActions';
import { useListQuery } from '../../../components/list/useListQuery';
import { formatClientDateTime, formatNumber } from '../../../lib/format';
import { messages } from '../../../lib/messages';
import { useSession } from '../../../lib/session';
import { loadCategories } from '../shared/options-api';
import { NameModal } from '../shared/NameModal';
import { createGroup, deleteGroup, listGroups, updateGroup, type Group, type GroupSortField } from './api';
import { CategoriesPanel } from './CategoriesPanel';
import { groupNameError } from './group-rules';
import { RowActions } from '../../../components/list/RowActions';

export default function GroupsPage() {
  const { status } = useSession();
  const timeZoneMinutes = status?.timeZoneMinutes ?? 0;
  const list = useListQuery<GroupSortField>({ sort: 'name' });
  const groups = useApiQuery(queryKeys.list('groups', list.params), (signal) => listGroups(list.params, signal));
  const categories = useApiQuery(queryKeys.list('groupCategories'), loadCategories);
  const categoryItems = categories.data ?? [];
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const crud = useCrudActions<Group>({
    invalidates: ['groups', 'groupCategories'],
    deleteItem: (group) => deleteGroup(group.id),
    deletedMessage: messages.groupDeleted,
    confirmMessage: (group) => messages.deleteGroupConfirm(group.name),
    saving: {
      save: (name, group) => {
        const category = categoryId ? Number(categoryId) : null;
        return group === 'new' ? createGroup({ name, categoryId: category }) : updateGroup(group.id, { name, categoryId: category });
      },
      message: messages.groupSaved,
    },
  });
  const { editing } = crud;

  const openEditor = (group: Group | 'new') => {
    setCategoryId(group !== 'new' && group.categoryId !== null ? String(group.categoryId) : null);
    crud.setEditing(group);
  };

  return (
    <ListPage
      header={{
        title: messages.groupsTitle,
        description: messages.groupsIntro,
        actions: (
          <Button leftSection={<IconPlus size={16} />} onClick={() => openEditor('new')} data-testid="create-group">
            {messages.createGroup}
          </Button>
        ),
      }}
      list={list}
      query={groups}
      search={{ label: messages.search, testId: 'group-search', width: 260 }}
      testId="groups-table"
      columns={[
        { label: messages.groupName, sort: 'name' },
        { label: messages.category },
        { label: messages.profileCount },
        { label: messages.createdDate, sort: 'createdAt' },
        { label: messages.actions },
      ]}
      noMatch={<EmptyState icon={<IconUsersGroup />} title={messages.noMatches} description={messages.noMatchesHint} />}
      empty={
        <EmptyState
          icon={<IconUsersGroup />}
          title={messages.groupsEmpty}
          description={messages.groupsEmptyHint}
          action={<Button onClick={() => openEditor('new')}>{messages.createGroup}</Button>}
        />
      }
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
            <RowActions
              editLabel={`${messages.rename} ${group.name}`}
              onEdit={() => openEditor(group)}
              deleteLabel={group.isDefault ? undefined : `${messages.delete} ${group.name}`}
              onDelete={() => crud.setDeleting(group)}
            />
          </Table.Td>
        </Table.Tr>
      )}
      aside={<CategoriesPanel categories={categoryItems} />}
      confirm={crud.confirmProps}
    >
      <NameModal
        opened={editing !== null}
        title={editing === 'new' ? messages.createGroup : messages.renameGroup}
        label={messages.groupName}
        initialName={editing && editing !== 'new' ? editing.name : ''}
        validate={(name) => groupNameError(name, categoryItems.find((category) => String(category.id) === categoryId))}
        onSave={crud.save}
        onClose={() => crud.setEditing(null)}
      >
        <Select
          label={messages.category}
          data={categoryItems.map((category) => ({ value: String(category.id), label: category.isActive ? category.name : `${category.name} (${messages.inactive})` }))}
          value={categoryId}
          onChange={setCategoryId}
          clearable
          comboboxProps={{ withinPortal: false }}
        />
      </NameModal>
    </ListPage>
  );
}
