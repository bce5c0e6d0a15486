import { ActionIcon, Button, Group, Stack, Table, TextInput } from '@mantine/core';
import { IconPencil, IconPlus, IconTag, IconTrash } from '@tabler/icons-react';
import { EmptyState } from '../../../components/EmptyState';
import { PageHeader } from '../../../components/PageHeader';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DataTable } from '../../../components/list/DataTable';
import { ListFooter } from '../../../components/list/ListFooter';
import { SortableTh } from '../../../components/list/SortableTh';
import { useCrudActions } from '../../../components/list/useCrudActions';
import { useListQuery } from '../../../components/list/useListQuery';
import { useRemote } from '../../../components/list/useRemote';
import { formatClientDateTime, formatNumber } from '../../../lib/format';
import { messages } from '../../../lib/messages';
import { useSession } from '../../../lib/session';
import { NameModal } from '../shared/NameModal';
import { createTag, deleteTag, listTags, renameTag, type Tag, type TagSortField } from './api';

export default function TagsPage() {
  const { status } = useSession();
  const list = useListQuery<TagSortField>({ sort: 'name' });
  const tags = useRemote((signal) => listTags(list.params, signal), JSON.stringify(list.params));
  const crud = useCrudActions<Tag>({
    reload: tags.reload,
    deleteItem: (tag) => deleteTag(tag.id),
    deletedMessage: messages.tagDeleted,
    confirmMessage: (tag) => messages.deleteTagConfirm(tag.name),
    saving: { save: (name, tag) => (tag === 'new' ? createTag(name) : renameTag(tag.id, name)), message: messages.tagSaved },
  });
  const { editing } = crud;

  return (
    <Stack>
      <PageHeader
        title={messages.tagsTitle}
        description={messages.tagsIntro}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => crud.setEditing('new')} data-testid="create-tag">
            {messages.createTag}
          </Button>
        }
      />
      <TextInput label={messages.search} value={list.search} onChange={(event) => list.setSearch(event.currentTarget.value)} w={260} data-testid="tag-search" />
      <DataTable
        testId="tags-table"
        highlightOnHover
        loading={tags.loading}
        error={tags.error}
        columnCount={4}
        head={
          <>
            <SortableTh label={messages.tagName} field="name" sort={list.sort} onSort={list.toggleSort} />
            <Table.Th>{messages.profileCount}</Table.Th>
            <SortableTh label={messages.createdDate} field="createdAt" sort={list.sort} onSort={list.toggleSort} />
            <Table.Th>{messages.actions}</Table.Th>
          </>
        }
        empty={
          list.params.search ? (
            <EmptyState icon={<IconTag />} title={messages.noMatches} description={messages.noMatchesHint} />
          ) : (
            <EmptyState
              icon={<IconTag />}
              title={messages.tagsEmpty}
              description={messages.tagsEmptyHint}
              action={<Button onClick={() => crud.setEditing('new')}>{messages.createTag}</Button>}
            />
          )
        }
        rows={tags.data?.items ?? []}
        renderRow={(tag) => (
          <Table.Tr key={tag.id} data-testid={`tag-row-${tag.name}`}>
            <Table.Td>{tag.name}</Table.Td>
            <Table.Td>{formatNumber(tag.profileCount)}</Table.Td>
            <Table.Td>{formatClientDateTime(tag.createdAt, status?.timeZoneMinutes ?? 0)}</Table.Td>
            <Table.Td>
              <Group gap={4}>
                <ActionIcon variant="subtle" aria-label={`${messages.rename} ${tag.name}`} onClick={() => crud.setEditing(tag)}>
                  <IconPencil size={18} stroke={1.75} />
                </ActionIcon>
                <ActionIcon variant="subtle" color="red" aria-label={`${messages.delete} ${tag.name}`} onClick={() => crud.setDeleting(tag)}>
                  <IconTrash size={18} stroke={1.75} />
                </ActionIcon>
              </Group>
            </Table.Td>
          </Table.Tr>
        )}
      />
      <ListFooter answer={tags.data} page={list.page} pageSize={list.pageSize} onPage={list.setPage} onPageSize={list.setPageSize} />
      <NameModal
        opened={editing !== null}
        title={editing === 'new' ? messages.createTag : messages.renameTag}
        label={messages.tagName}
        initialName={editing && editing !== 'new' ? editing.name : ''}
        onSave={crud.save}
        onClose={() => crud.setEditing(null)}
      />
      <ConfirmDialog {...crud.confirmProps} />
    </Stack>
  );
}
