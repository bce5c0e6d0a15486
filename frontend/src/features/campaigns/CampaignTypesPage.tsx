import { Badge, Button, Table } from '@mantine/core';
import { IconCategory, IconPlus, IconSearch } from '@tabler/icons-react';
import { queryKeys, useApiQuery, useInvalidate } from '../../api/query';
import { EmptyState } from '../../components/EmptyState';
import { FeatureGate } from '../../components/FeatureGate';
import { ListPage } from '../../components/list/ListPage';
import { useCrudActions } from '../../components/list/useCrudActions';
import { useListQuery } from '../../components/list/useListQuery';
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
import { RowActions } from '../../components/list/RowActions';

/** Campaign Types (/campaignTypeList): private or public, enabled or disabled; admins change them. */
export default function CampaignTypesPage() {
  const { status } = useSession();
  const list = useListQuery<CampaignTypeSortField>({ sort: 'name' });
  const types = useApiQuery(queryKeys.list('campaignTypes', list.params), (signal) => listCampaignTypes(list.params, signal));
  const invalidate = useInvalidate();
  const crud = useCrudActions<CampaignType>({
    invalidates: ['campaignTypes', 'campaignChoices'],
    deleteItem: (type) => deleteCampaignType(type.id),
    deletedMessage: text.typeDeleted,
    confirmMessage: (type) => text.typeDeleteConfirm(type.name),
  });
  const save = async (fields: CampaignTypeFields) => {
    const editing = crud.editing;
    if (editing === 'new') await createCampaignType(fields);
    else if (editing) await updateCampaignType(editing.id, fields);
    toast('success', text.typeSaved);
    void invalidate('campaignTypes', 'campaignChoices');
  };

  return (
    <ListPage
      header={{
        title: text.typesTitle,
        description: text.typesIntro,
        actions: (
          <FeatureGate adminOnly>
            <Button leftSection={<IconPlus size={16} />} onClick={() => crud.setEditing('new')} data-testid="create-campaign-type">
              {text.createType}
            </Button>
          </FeatureGate>
        ),
      }}
      list={list}
      query={types}
      search={{ label: text.search, testId: 'campaign-type-search', width: 260 }}
      testId="campaign-types-table"
      columns={[
        { label: text.name, sort: 'name' },
        { label: text.visibility },
        { label: text.status },
        { label: text.created, sort: 'createdAt' },
        { label: text.actions },
      ]}
      noMatch={<EmptyState icon={<IconSearch />} title={text.typesNoMatches} description={text.noMatchesHint} />}
      empty={<EmptyState icon={<IconCategory />} title={text.typesEmpty} description={text.typesEmptyHint} />}
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
              <RowActions
                editLabel={`${text.edit} ${type.name}`}
                onEdit={() => crud.setEditing(type)}
                deleteLabel={`${text.delete} ${type.name}`}
                onDelete={() => crud.setDeleting(type)}
              />
            </FeatureGate>
          </Table.Td>
        </Table.Tr>
      )}
      confirm={crud.confirmProps}
    >
      <CampaignTypeModal editing={crud.editing} onSave={save} onClose={() => crud.setEditing(null)} />
    </ListPage>
  );
}
