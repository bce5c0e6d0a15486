import { Alert, Button, Grid, Group as Row, LoadingOverlay, Select, Stack, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { toast } from '../../../app/toast';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ListFooter } from '../../../components/list/ListFooter';
import { useListQuery } from '../../../components/list/useListQuery';
import { useRemote } from '../../../components/list/useRemote';
import { messages } from '../../../lib/messages';
import { useSession } from '../../../lib/session';
import { toastError } from '../shared/errors';
import { loadCategories } from '../shared/options-api';
import { NameModal } from '../shared/NameModal';
import type { Group } from '../types';
import { createGroup, deleteGroup, listGroups, updateGroup } from './api';
import { CategoriesPanel } from './CategoriesPanel';
import { GroupsTable } from './GroupsTable';
import { groupNameError } from './group-rules';

export default function GroupsPage() {
  const { status } = useSession();
  const list = useListQuery('name', {});
  const groups = useRemote((signal) => listGroups(list.params, signal), JSON.stringify(list.params));
  const categories = useRemote(loadCategories, 'categories');
  const categoryItems = categories.data ?? [];
  const [editing, setEditing] = useState<Group | 'new' | null>(null);
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Group | null>(null);
  const [busy, setBusy] = useState(false);

  const openEditor = (group: Group | 'new') => {
    setCategoryId(group !== 'new' && group.categoryId !== null ? String(group.categoryId) : null);
    setEditing(group);
  };

  const save = async (name: string) => {
    const category = categoryId ? Number(categoryId) : null;
    if (editing === 'new') await createGroup({ name, categoryId: category });
    else if (editing) await updateGroup(editing.id, { name, categoryId: category });
    toast('success', messages.groupSaved);
    groups.reload();
    categories.reload();
  };

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await deleteGroup(deleting.id);
      toast('success', messages.groupDeleted);
      setDeleting(null);
      groups.reload();
      categories.reload();
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack>
      <Row justify="space-between">
        <Title order={1}>{messages.groupsTitle}</Title>
        <Button onClick={() => openEditor('new')} data-testid="create-group">
          {messages.createGroup}
        </Button>
      </Row>
      <Grid>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack>
            <TextInput label={messages.search} value={list.search} onChange={(event) => list.setSearch(event.currentTarget.value)} w={260} data-testid="group-search" />
            {groups.error && <Alert color="red">{groups.error}</Alert>}
            <div style={{ position: 'relative' }}>
              <LoadingOverlay visible={groups.loading} />
              <GroupsTable
                rows={groups.data?.items ?? []}
                sort={list.sort}
                onSort={list.toggleSort}
                onRename={openEditor}
                onDelete={setDeleting}
                timeZoneMinutes={status?.timeZoneMinutes ?? 0}
              />
            </div>
            <ListFooter total={groups.data?.total ?? 0} page={list.page} pageSize={list.pageSize} onPage={list.setPage} onPageSize={list.setPageSize} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <CategoriesPanel categories={categoryItems} onChanged={categories.reload} />
        </Grid.Col>
      </Grid>
      <NameModal
        opened={editing !== null}
        title={editing === 'new' ? messages.createGroup : messages.renameGroup}
        label={messages.groupName}
        initialName={editing && editing !== 'new' ? editing.name : ''}
        validate={(name) => groupNameError(name, categoryItems.find((category) => String(category.id) === categoryId))}
        onSave={save}
        onClose={() => setEditing(null)}
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
      <ConfirmDialog
        opened={deleting !== null}
        title={messages.bulkConfirmTitle}
        message={deleting ? messages.deleteGroupConfirm(deleting.name) : ''}
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}
