import { Button, Table } from '@mantine/core';
import { IconPlus, IconTag } from '@tabler/icons-react';
import { queryKeys, useApiQuery } from '../../../api/query';
import { EmptyState } from '../../../components/EmptyState';
import { ListPage } from '../../../components/list/ListPage';
import { useCrudActions } from '../../../components/list/useCrudActions';
import { useListQuery } from '../../../components/list/useListQuery';
import { formatClientDateTime, formatNumber } from '../../../lib/format';
import { messages } from '../../../lib/messages';
import { useSession } from '../../../lib/session';
import { NameModal } from '../shared/NameModal';
import { createTag, deleteTag, listTags, renameTag, type Tag, type TagSortField } from './api';
import { RowActions } from '../../../components/list/RowActions';

export default function TagsPage() {
  const { status } = useSession();
  const list = useListQuery<TagSortField>({ sort: 'name' });
  const tags = useApiQuery(queryKeys.list('tags', list.params), (signal) => listTags(list.params, signal));
  const crud = useCrudActions<Tag>({
    invalidates: ['tags'],
    deleteItem: (tag) => deleteTag(tag.id),
    deletedMessage: messages.tagDeleted,
    confirmMessage: (tag) => messages.deleteTagConfirm(tag.name),
    saving: { save: (name, tag) => (tag === 'new' ? createTag(name) : renameTag(tag.id, name)), message: messages.tagSaved },
  });
  const { editing } = crud;

  return (
    <ListPage
      header={{
        title: messages.tagsTitle,
        description: messages.tagsIntro,
        actions: (
          <Button leftSection={<IconPlus size={16} />} onClick={() => crud.setEditing('new')} data-testid="create-tag">
            {messages.createTag}
          </Button>
        ),
      }}
      list={list}
      query={tags}
      search={{ label: messages.search, testId: 'tag-search', width: 260 }}
      testId="tags-table"
      columns={[
        { label: messages.tagName, sort: 'name' },
        { label: messages.profileCount },
        { label: messages.createdDate, sort: 'createdAt' },
        { label: messages.actions },
      ]}
      noMatch={<EmptyState icon={<IconTag />} title={messages.noMatches} description={messages.noMatchesHint} />}
      empty={
        <EmptyState
          icon={<IconTag />}
          title={messages.tagsEmpty}
          description={messages.tagsEmptyHint}
          action={<Button onClick={() => crud.setEditing('new')}>{messages.createTag}</Button>}
        />
      }
      renderRow={(tag) => (
        <Table.Tr key={tag.id} data-testid={`tag-row-${tag.name}`}>
          <Table.Td>{tag.name}</Table.Td>
          <Table.Td>{formatNumber(tag.profileCount)}</Table.Td>
          <Table.Td>{formatClientDateTime(tag.createdAt, status?.timeZoneMinutes ?? 0)}</Table.Td>
          <Table.Td>
            <RowActions
              editLabel={`${messages.rename} ${tag.name}`}
              onEdit={() => crud.setEditing(tag)}
              deleteLabel={`${messages.delete} ${tag.name}`}
              onDelete={() => crud.setDeleting(tag)}
            />
          </Table.Td>
        </Table.Tr>
      )}
      confirm={crud.confirmProps}
    >
      <NameModal
        opened={editing !== null}
        title={editing === 'new' ? messages.createTag : messages.renameTag}
        label={messages.tagName}
        initialName={editing && editing !== 'new' ? editing.name : ''}
        onSave={crud.save}
        onClose={() => crud.setEditing(null)}
      />
    </ListPage>
  );
}
