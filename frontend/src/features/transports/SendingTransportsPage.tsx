import { ActionIcon, Alert, Badge, Button, Container, Menu, Table, Text } from '@mantine/core';
import { IconDots, IconPencil, IconPlus, IconSearch, IconSend, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyState } from '../../components/EmptyState';
import { canSeeFeature } from '../../components/FeatureGate';
import { ListPage } from '../../components/list/ListPage';
import { useCrudActions } from '../../components/list/useCrudActions';
import { useListQuery } from '../../components/list/useListQuery';
import { queryKeys, useApiQuery, useInvalidate } from '../../api/query';
import { formatClientDateTime } from '../../lib/format';
import { messages } from '../../lib/messages';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { deleteTransport, listTransports, saveTransport, type SavedTransport, type SendingTransport, type TransportFields, type TransportKind, type TransportSortField } from './api';
import { kindLabels, transportMessages as text } from './messages';
import { TransportModal } from './TransportModal';
import { WebhookDialog } from './WebhookDialog';

const domainName = (row: SendingTransport) => row.senderDomain || text.defaultDomain;

/** Sending Transports (/sendingTransports, admins only): the relay or ESP account per sender domain. */
export default function SendingTransportsPage() {
  const { access } = useSession();
  if (!canSeeFeature(access, undefined, true)) return <Alert color="red">{messages.adminOnly}</Alert>;
  return <TransportsScreen />;
}

function TransportsScreen() {
  const { status } = useSession();
  const list = useListQuery<TransportSortField>({ sort: 'senderDomain' });
  const transports = useApiQuery(queryKeys.list('transports', list.params), (signal) => listTransports(list.params, signal));
  const [saved, setSaved] = useState<SavedTransport | null>(null);
  const invalidate = useInvalidate();
  const crud = useCrudActions<SendingTransport>({
    invalidates: ['transports'],
    deleteItem: (row) => deleteTransport(row.id),
    deletedMessage: text.deleted,
    confirmMessage: (row) => text.deleteConfirm(domainName(row)),
  });

  const save = async (fields: TransportFields) => {
    const answer = await saveTransport(fields);
    toast('success', text.saved);
    crud.setEditing(null);
    void invalidate('transports');
    if (answer.webhookUrlWithPassword) setSaved(answer);
    return answer;
  };

  const addButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => crud.setEditing('new')} data-testid="add-transport">
      {text.add}
    </Button>
  );
  return (
    <Container size="xl" py="md">
      <ListPage
        header={{ title: text.title, description: text.intro, actions: addButton }}
        list={list}
        query={transports}
        search={{ label: text.search, testId: 'transport-search' }}
        testId="transports-table"
        columns={[
          { label: text.senderDomain, sort: 'senderDomain' },
          { label: text.kind, sort: 'kind' },
          { label: text.credentials },
          { label: text.webhook },
          { label: text.updated, sort: 'updatedAt' },
          { label: text.actions, hideLabel: true },
        ]}
        empty={<EmptyState icon={<IconSend />} title={text.empty} description={text.emptyHint} action={addButton} />}
        noMatch={<EmptyState icon={<IconSearch />} title={text.noMatches} description={text.noMatchesHint} testId="transports-no-match" />}
        renderRow={(row) => (
          <Table.Tr key={row.id} data-testid={`transport-row-${row.id}`}>
            <Table.Td fw={500}>
              {row.senderDomain || (
                <Badge variant="outline" color="blue" size="sm">
                  {text.defaultDomain}
                </Badge>
              )}
            </Table.Td>
            <Table.Td>{kindLabels[row.kind as TransportKind] ?? row.kind}</Table.Td>
            <Table.Td>
              <Text size="sm">{text.storedCredentials(row.credentialNames)}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" style={{ wordBreak: 'break-all' }}>
                {row.webhookUrl}
              </Text>
            </Table.Td>
            <Table.Td>{formatClientDateTime(row.updatedAt, status?.timeZoneMinutes ?? 0)}</Table.Td>
            <Table.Td ta="right">
              <Menu position="bottom-end" withinPortal hideDetached={false}>
                <Menu.Target>
                  <ActionIcon variant="subtle" aria-label={text.rowActions(domainName(row))} data-testid={`transport-menu-${row.id}`}>
                    <IconDots size={18} />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => crud.setEditing(row)}>
                    {text.edit}
                  </Menu.Item>
                  <Menu.Divider />
                  <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => crud.setDeleting(row)}>
                    {text.delete}
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            </Table.Td>
          </Table.Tr>
        )}
        confirm={{ ...crud.confirmProps, title: text.deleteTitle }}
      >
        <TransportModal editing={crud.editing} onSave={save} onClose={() => crud.setEditing(null)} />
        <WebhookDialog saved={saved} onClose={() => setSaved(null)} />
      </ListPage>
    </Container>
  );
}
