import { ActionIcon, Alert, Button, Group, LoadingOverlay, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { toast } from '../../../app/toast';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { FeatureGate } from '../../../components/FeatureGate';
import { ListFooter } from '../../../components/list/ListFooter';
import { useListQuery } from '../../../components/list/useListQuery';
import { useRemote } from '../../../components/list/useRemote';
import { formatClientDateTime } from '../../../lib/format';
import { messages } from '../../../lib/messages';
import { useSession } from '../../../lib/session';
import { toastError } from '../shared/errors';
import type { ProfileField } from '../types';
import { deleteField, listFields } from './api';
import { FieldFormModal } from './FieldFormModal';

export default function FieldsPage() {
  const { status } = useSession();
  const list = useListQuery('', {});
  const fields = useRemote((signal) => listFields(list.page, signal, list.pageSize), `${list.page}:${list.pageSize}`);
  const [editing, setEditing] = useState<ProfileField | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ProfileField | null>(null);
  const [busy, setBusy] = useState(false);
  const rows = fields.data?.items ?? [];

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await deleteField(deleting.id);
      toast('success', messages.fieldDeleted);
      setDeleting(null);
      fields.reload();
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{messages.fieldsTitle}</Title>
        <FeatureGate actionType="manageProfileFields" disable>
          <Button onClick={() => setEditing('new')} data-testid="create-field">
            {messages.createField}
          </Button>
        </FeatureGate>
      </Group>
      {fields.error && <Alert color="red">{fields.error}</Alert>}
      <div style={{ position: 'relative' }}>
        <LoadingOverlay visible={fields.loading} />
        <Table striped highlightOnHover data-testid="fields-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{messages.fieldLabel}</Table.Th>
              <Table.Th>{messages.fieldKey}</Table.Th>
              <Table.Th>{messages.fieldType}</Table.Th>
              <Table.Th>{messages.fieldOptions}</Table.Th>
              <Table.Th>{messages.createdDate}</Table.Th>
              <Table.Th>{messages.actions}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={6}>
                  <Text c="dimmed" ta="center">
                    {messages.noRecords}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {rows.map((field) => (
              <Table.Tr key={field.id} data-testid={`field-row-${field.key}`}>
                <Table.Td>{field.label}</Table.Td>
                <Table.Td>{field.key}</Table.Td>
                <Table.Td>{field.fieldType}</Table.Td>
                <Table.Td>{field.options.join(', ')}</Table.Td>
                <Table.Td>{formatClientDateTime(field.createdAt, status?.timeZoneMinutes ?? 0)}</Table.Td>
                <Table.Td>
                  <FeatureGate actionType="manageProfileFields" disable>
                    <Group gap={4}>
                      <ActionIcon variant="subtle" aria-label={`${messages.edit} ${field.label}`} onClick={() => setEditing(field)}>
                        ✎
                      </ActionIcon>
                      <ActionIcon variant="subtle" color="red" aria-label={`${messages.delete} ${field.label}`} onClick={() => setDeleting(field)}>
                        🗑
                      </ActionIcon>
                    </Group>
                  </FeatureGate>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </div>
      <ListFooter total={fields.data?.total ?? 0} page={list.page} pageSize={list.pageSize} onPage={list.setPage} onPageSize={list.setPageSize} />
      <FieldFormModal
        opened={editing !== null}
        field={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          fields.reload();
        }}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title={messages.bulkConfirmTitle}
        message={deleting ? messages.deleteFieldConfirm(deleting.label) : ''}
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}
