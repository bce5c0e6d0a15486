import { Button, Table } from '@mantine/core';
import { IconForms, IconPlus } from '@tabler/icons-react';
import { queryKeys, useApiQuery, useInvalidate } from '../../../api/query';
import { EmptyState } from '../../../components/EmptyState';
import { FeatureGate } from '../../../components/FeatureGate';
import { ListPage } from '../../../components/list/ListPage';
import { useCrudActions } from '../../../components/list/useCrudActions';
import { useListQuery } from '../../../components/list/useListQuery';
import { formatClientDateTime } from '../../../lib/format';
import { messages } from '../../../lib/messages';
import { useSession } from '../../../lib/session';
import type { ProfileField } from './api';
import { deleteField, listFields } from './api';
import { FieldFormModal } from './FieldFormModal';
import { RowActions } from '../../../components/list/RowActions';

export default function FieldsPage() {
  const { status } = useSession();
  const list = useListQuery();
  const fields = useApiQuery(queryKeys.list('fields', { page: list.page, pageSize: list.pageSize }), (signal) => listFields(list.page, signal, list.pageSize));
  const invalidate = useInvalidate();
  const crud = useCrudActions<ProfileField>({
    invalidates: ['fields'],
    deleteItem: (field) => deleteField(field.id),
    deletedMessage: messages.fieldDeleted,
    confirmMessage: (field) => messages.deleteFieldConfirm(field.label),
  });

  return (
    <ListPage
      header={{
        title: messages.fieldsTitle,
        description: messages.fieldsIntro,
        actions: (
          <FeatureGate actionType="manageProfileFields" disable>
            <Button leftSection={<IconPlus size={16} />} onClick={() => crud.setEditing('new')} data-testid="create-field">
              {messages.createField}
            </Button>
          </FeatureGate>
        ),
      }}
      list={list}
      query={fields}
      testId="fields-table"
      columns={[
        { label: messages.fieldLabel },
        { label: messages.fieldKey },
        { label: messages.fieldType },
        { label: messages.fieldOptions },
        { label: messages.createdDate },
        { label: messages.actions },
      ]}
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
      renderRow={(field) => (
        <Table.Tr key={field.id} data-testid={`field-row-${field.key}`}>
          <Table.Td>{field.label}</Table.Td>
          <Table.Td>{field.key}</Table.Td>
          <Table.Td>{field.fieldType}</Table.Td>
          <Table.Td>{field.options.join(', ')}</Table.Td>
          <Table.Td>{formatClientDateTime(field.createdAt, status?.timeZoneMinutes ?? 0)}</Table.Td>
          <Table.Td>
            <FeatureGate actionType="manageProfileFields" disable>
              <RowActions
                editLabel={`${messages.edit} ${field.label}`}
                onEdit={() => crud.setEditing(field)}
                deleteLabel={`${messages.delete} ${field.label}`}
                onDelete={() => crud.setDeleting(field)}
              />
            </FeatureGate>
          </Table.Td>
        </Table.Tr>
      )}
      confirm={crud.confirmProps}
    >
      <FieldFormModal
        opened={crud.editing !== null}
        field={crud.editing === 'new' ? null : crud.editing}
        onClose={() => crud.setEditing(null)}
        onSaved={() => {
          crud.setEditing(null);
          void invalidate('fields');
        }}
      />
    </ListPage>
  );
}
