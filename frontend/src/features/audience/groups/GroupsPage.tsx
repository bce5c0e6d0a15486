import { Button, Grid, Select, Stack, TextInput } from '@mantine/core';
import { IconPlus, IconUsersGroup } from '@tabler/icons-react';
import { EmptyState } from '../../../components/EmptyState';
import { PageHeader } from '../../../components/PageHeader';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ListFooter } from '../../../components/list/ListFooter';
import { useCrudActions } from '../../../components/list/useCrudActions';
import { useListQuery } from '../../../components/list/useListQuery';
import { useRemote } from '../../../components/list/useRemote';
import { messages } from '../../../lib/messages';
import { useSession } from '../../../lib/session';
import { loadCategories } from '../shared/options-api';
import { NameModal } from '../shared/NameModal';
import { createGroup, deleteGroup, listGroups, updateGroup, type Group, type GroupSortField } from './api';
import { CategoriesPanel } from './CategoriesPanel';
import { GroupsTable } from './GroupsTable';
import { groupNameError } from './group-rules';

export default function GroupsPage() {
  const { status } = useSession();
  const list = useListQuery<GroupSortField>({ sort: 'name' });
  const groups = useRemote((signal) => listGroups(list.params, signal), JSON.stringify(list.params));
  const categories = useRemote(loadCategories, 'categories');
  const categoryItems = categories.data ?? [];
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const crud = useCrudActions<Group>({
    reload: () => {
      groups.reload();
      categories.reload();
    },
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
    <Stack>
      <PageHeader
        title={messages.groupsTitle}
        description={messages.groupsIntro}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => openEditor('new')} data-testid="create-group">
            {messages.createGroup}
          </Button>
        }
      />
      <Grid>
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack>
            <TextInput label={messages.search} value={list.search} onChange={(event) => list.setSearch(event.currentTarget.value)} w={260} data-testid="group-search" />
            <GroupsTable
              rows={groups.data?.items ?? []}
              loading={groups.loading}
              error={groups.error}
              sort={list.sort}
              onSort={list.toggleSort}
              onRename={openEditor}
              onDelete={crud.setDeleting}
              timeZoneMinutes={status?.timeZoneMinutes ?? 0}
              empty={
                list.params.search ? (
                  <EmptyState icon={<IconUsersGroup />} title={messages.noMatches} description={messages.noMatchesHint} />
                ) : (
                  <EmptyState
                    icon={<IconUsersGroup />}
                    title={messages.groupsEmpty}
                    description={messages.groupsEmptyHint}
                    action={<Button onClick={() => openEditor('new')}>{messages.createGroup}</Button>}
                  />
                )
              }
            />
            <ListFooter answer={groups.data} page={list.page} pageSize={list.pageSize} onPage={list.setPage} onPageSize={list.setPageSize} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <CategoriesPanel categories={categoryItems} onChanged={categories.reload} />
        </Grid.Col>
      </Grid>
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
      <ConfirmDialog {...crud.confirmProps} />
    </Stack>
  );
}
