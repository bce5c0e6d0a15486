import { ActionIcon, Alert, Button, Group, LoadingOverlay, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { toast } from '../../../app/toast';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ListFooter } from '../../../components/list/ListFooter';
import { SortableTh } from '../../../components/list/SortableTh';
import { useListQuery } from '../../../components/list/useListQuery';
import { useRemote } from '../../../components/list/useRemote';
import { formatClientDateTime, formatNumber } from '../../../lib/format';
import { messages } from '../../../lib/messages';
import { useSession } from '../../../lib/session';
import { toastError } from '../shared/errors';
import { NameModal } from '../shared/NameModal';
import type { Tag } from '../types';
import { createTag, deleteTag, listTags, renameTag } from './api';

export default function TagsPage() {
  const { status } = useSession();
  const list = useListQuery('name', {});
  const tags = useRemote((signal) => listTags(list.params, signal), JSON.stringify(list.params));
  const [editing, setEditing] = useState<Tag | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Tag | null>(null);
  const [busy, setBusy] = useState(false);
  const rows = tags.data?.items ?? [];

  const save = async (name: string) => {
    if (editing === 'new') await createTag(name);
    else if (editing) await renameTag(editing.id, name);
    toast('success', messages.tagSaved);
    tags.reload();
  };

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await deleteTag(deleting.id);
      toast('success', messages.tagDeleted);
      setDeleting(null);
      tags.reload();
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{messages.tagsTitle}</Title>
        <Button onClick={() => setEditing('new')} data-testid="create-tag">
          {messages.createTag}
        </Button>
      </Group>
      <TextInput label={messages.search} value={list.search} onChange={(event) => list.setSearch(event.currentTarget.value)} w={260} data-testid="tag-search" />
      {tags.error && <Alert color="red">{tags.error}</Alert>}
      <div style={{ position: 'relative' }}>
        <LoadingOverlay visible={tags.loading} />
        <Table striped highlightOnHover data-testid="tags-table">
          <Table.Thead>
            <Table.Tr>
              <SortableTh label={messages.tagName} field="name" sort={list.sort} onSort={list.toggleSort} />
              <Table.Th>{messages.profileCount}</Table.Th>
              <SortableTh label={messages.createdDate} field="createdAt" sort={list.sort} onSort={list.toggleSort} />
              <Table.Th>{messages.actions}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={4}>
                  <Text c="dimmed" ta="center">
                    {messages.noRecords}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {rows.map((tag) => (
              <Table.Tr key={tag.id} data-testid={`tag-row-${tag.name}`}>
                <Table.Td>{tag.name}</Table.Td>
                <Table.Td>{formatNumber(tag.profileCount)}</Table.Td>
                <Table.Td>{formatClientDateTime(tag.createdAt, status?.timeZoneMinutes ?? 0)}</Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    <ActionIcon variant="subtle" aria-label={`${messages.rename} ${tag.name}`} onClick={() => setEditing(tag)}>
                      ✎
                    </ActionIcon>
                    <ActionIcon variant="subtle" color="red" aria-label={`${messages.delete} ${tag.name}`} onClick={() => setDeleting(tag)}>
                      🗑
                    </ActionIcon>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </div>
      <ListFooter total={tags.data?.total ?? 0} page={list.page} pageSize={list.pageSize} onPage={list.setPage} onPageSize={list.setPageSize} />
      <NameModal
        opened={editing !== null}
        title={editing === 'new' ? messages.createTag : messages.renameTag}
        label={messages.tagName}
        initialName={editing && editing !== 'new' ? editing.name : ''}
        onSave={save}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title={messages.bulkConfirmTitle}
        message={deleting ? messages.deleteTagConfirm(deleting.name) : ''}
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}
