import { ActionIcon, Badge, Button, Group, Stack, Table, TextInput } from '@mantine/core';
import { IconCategory, IconPencil, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { FeatureGate } from '../../components/FeatureGate';
import { PageHeader } from '../../components/PageHeader';
import { DataTable } from '../../components/list/DataTable';
import { ListFooter } from '../../components/list/ListFooter';
import { SortableTh } from '../../components/list/SortableTh';
import { useCrudActions } from '../../components/list/useCrudActions';
import { useListQuery } from '../../components/list/useListQuery';
import { useRemote } from '../../components/list/useRemote';
import { formatClientDateTime } from '../../lib/format';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import {
  createCampaignType,
  deleteCampaignType,
  listCampaignTypes,
  updateCampaignType,
  type CampaignType,
  type CampaignTypeFields,
  type CampaignTypeSortField,
} from './api';
import { CampaignTypeModal } from './CampaignTypeModal';
import { campaignMessages as text } from './messages';

/** Campaign Types (/campaignTypeList): private or public, enabled or disabled; admins change them. */
export default function CampaignTypesPage() {
  const { status } = useSession();
  const list = useListQuery<CampaignTypeSortField>({ sort: 'name' });
  const types = useRemote((signal) => listCampaignTypes(list.params, signal), JSON.stringify(list.params));
  const crud = useCrudActions<CampaignType>({
    reload: types.reload,
    deleteItem: (type) => deleteCampaignType(type.id),
    deletedMessage: text.typeDeleted,
    confirmMessage: (type) => text.typeDeleteConfirm(type.name),
  });
  const save = async (fields: CampaignTypeFields) => {
    const editing = crud.editing;
    if (editing === 'new') await createCampaignType(fields);
    else if (editing) await updateCampaignType(editing.id, fields);
    toast('success', text.typeSaved);
    types.reload();
  };

  return (
    <Stack>
      <PageHeader
        title={text.typesTitle}
        description={text.typesIntro}
        actions={
          <FeatureGate adminOnly>
            <Button leftSection={<IconPlus size={16} />} onClick={() => crud.setEditing('new')} data-testid="create-campaign-type">
              {text.createType}
            </Button>
          </FeatureGate>
        }
      />
      <TextInput
        label={text.search}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={list.search}
        onChange={(event) => list.setSearch(event.currentTarget.value)}
        w={260}
        data-testid="campaign-type-search"
      />
      <DataTable
        testId="campaign-types-table"
        highlightOnHover
        loading={types.loading}
        error={types.error}
        columnCount={5}
        head={
          <>
            <SortableTh label={text.name} field="name" sort={list.sort} onSort={list.toggleSort} />
            <Table.Th>{text.visibility}</Table.Th>
            <Table.Th>{text.status}</Table.Th>
            <SortableTh label={text.created} field="createdAt" sort={list.sort} onSort={list.toggleSort} />
            <Table.Th>{text.actions}</Table.Th>
          </>
        }
        empty={
          list.params.search ? (
            <EmptyState icon={<IconSearch />} title={text.typesNoMatches} description={text.noMatchesHint} />
          ) : (
            <EmptyState icon={<IconCategory />} title={text.typesEmpty} description={text.typesEmptyHint} />
          )
        }
        rows={types.data?.items ?? []}
        renderRow={(type) => (
          <Table.Tr key={type.id} data-testid={`campaign-type-row-${type.id}`}>
            <Table.Td fw={500}>{type.name}</Table.Td>
            <Table.Td>{type.isPrivate ? text.private : text.public}</Table.Td>
            <Table.Td>
              <Badge color={type.isEnabled ? 'green' : 'gray'} variant="light">
                {type.isEnabled ? text.enabled : text.disabled}
              </Badge>
            </Table.Td>
            <Table.Td>{formatClientDateTime(type.createdAt, status?.timeZoneMinutes ?? 0)}</Table.Td>
            <Table.Td>
              <FeatureGate adminOnly>
                <Group gap={4} wrap="nowrap">
                  <ActionIcon variant="subtle" aria-label={`${text.edit} ${type.name}`} onClick={() => crud.setEditing(type)}>
                    <IconPencil size={18} stroke={1.75} />
                  </ActionIcon>
                  <ActionIcon variant="subtle" color="red" aria-label={`${text.delete} ${type.name}`} onClick={() => crud.setDeleting(type)}>
                    <IconTrash size={18} stroke={1.75} />
                  </ActionIcon>
                </Group>
              </FeatureGate>
            </Table.Td>
          </Table.Tr>
        )}
      />
      <ListFooter answer={types.data} page={list.page} pageSize={list.pageSize} onPage={list.setPage} onPageSize={list.setPageSize} />
      <CampaignTypeModal editing={crud.editing} onSave={save} onClose={() => crud.setEditing(null)} />
      <ConfirmDialog {...crud.confirmProps} />
    </Stack>
  );
}
