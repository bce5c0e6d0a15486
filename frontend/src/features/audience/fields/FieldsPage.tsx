import { ActionIcon, Button, Group, Stack, Table } from '@mantine/core';
import { IconForms, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { EmptyState } from '../../../components/EmptyState';
import { PageHeader } from '../../../components/PageHeader';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { FeatureGate } from '../../../components/FeatureGate';
import { DataTable } from '../../../components/list/DataTable';
import { ListFooter } from '../../../components/list/ListFooter';
import { useCrudActions } from '../../../components/list/useCrudActions';
import { useListQuery } from '../../../components/list/useListQuery';
import { useRemote } from '../../../components/list/useRemote';
import { formatClientDateTime } from '../../../lib/format';
import { messages } from '../../../lib/messages';
import { useSession } from '../../../lib/session';
import type { ProfileField } from './api';
import { deleteField, listFields } from './api';
import { FieldFormModal } from './FieldFormModal';

export default function FieldsPage() {
  const { status } = useSession();
  const list = useListQuery();
  const fields = useRemote((signal) => listFields(list.page, signal, list.pageSize), `${list.page}:${list.pageSize}`);
  const crud = useCrudActions<ProfileField>({
    reload: fields.reload,
    deleteItem: (field) => deleteField(field.id),
    deletedMessage: messages.fieldDeleted,
    confirmMessage: (field) => messages.deleteFieldConfirm(field.label),
  });

  return (
    <Stack>
      <PageHeader
        title={messages.fieldsTitle}
        description={messages.fieldsIntro}
        actions={
          <FeatureGate actionType="manageProfileFields" disable>
            <Button leftSection={<IconPlus size={16} />} onClick={() => crud.setEditing('new')} data-testid="create-field">
              {messages.createField}
            </Button>
          </FeatureGate>
        }
      />
      <DataTable
        testId="fields-table"
        highlightOnHover
        loading={fields.loading}
        error={fields.error}
        columnCount={6}
        head={
          <>
            <Table.Th>{messages.fieldLabel}</Table.Th>
            <Table.Th>{messages.fieldKey}</Table.Th>
            <Table.Th>{messages.fieldType}</Table.Th>
            <Table.Th>{messages.fieldOptions}</Table.Th>
            <Table.Th>{messages.createdDate}</Table.Th>
            <Table.Th>{messages.actions}</Table.Th>
          </>
        }
        empty={
          <EmptyState
            icon={<IconForms />}
            title={messages.fieldsEmpty}
            description={messages.fieldsEmptyHint}
            action={
              <FeatureGate actionType="manageProfileFields" disable>
                <Button onClick={() => crud.setEditing('new')}>{messages.createField}</Button>
              </FeatureGate>
            }
          />
        }
        rows={fields.data?.items ?? []}
        renderRow={(field) => (
          <Table.Tr key={field.id} data-testid={`field-row-${field.key}`}>
            <Table.Td>{field.label}</Table.Td>
            <Table.Td>{field.key}</Table.Td>
            <Table.Td>{field.fieldType}</Table.Td>
            <Table.Td>{field.options.join(', ')}</Table.Td>
            <Table.Td>{formatClientDateTime(field.createdAt, status?.timeZoneMinutes ?? 0)}</Table.Td>
            <Table.Td>
              <FeatureGate actionType="manageProfileFields" disable>
                <Group gap={4}>
                  <ActionIcon variant="subtle" aria-label={`${messages.edit} ${field.label}`} onClick={() => crud.setEditing(field)}>
                    <IconPencil size={18} stroke={1.75} />
                  </ActionIcon>
                  <ActionIcon variant="subtle" color="red" aria-label={`${messages.delete} ${field.label}`} onClick={() => crud.setDeleting(field)}>
                    <IconTrash size={18} stroke={1.75} />
                  </ActionIcon>
                </Group>
              </FeatureGate>
            </Table.Td>
          </Table.Tr>
        )}
      />
      <ListFooter answer={fields.data} page={list.page} pageSize={list.pageSize} onPage={list.setPage} onPageSize={list.setPageSize} />
      <FieldFormModal
        opened={crud.editing !== null}
        field={crud.editing === 'new' ? null : crud.editing}
        onClose={() => crud.setEditing(null)}
        onSaved={() => {
          crud.setEditing(null);
          fields.reload();
        }}
      />
      <ConfirmDialog {...crud.confirmProps} />
    </Stack>
  );
}
