import { ActionIcon, Badge, Button, Container, Group, Menu, Stack, Table, Text } from '@mantine/core';
import { IconDots, IconMailForward, IconPencil, IconPlus, IconSearch, IconStar, IconToggleLeft, IconTrash, IconWorldWww, IconAt, IconSend } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { BackToCampaigns } from '../../components/BackToCampaigns';
import { EmptyState } from '../../components/EmptyState';
import { FeatureGate } from '../../components/FeatureGate';
import { StatusBadge } from '../../components/StatusBadge';
import { ListPage } from '../../components/list/ListPage';
import { useCrudActions } from '../../components/list/useCrudActions';
import { useListQuery } from '../../components/list/useListQuery';
import { queryKeys, useApiQuery, useInvalidate } from '../../api/query';
import { paths } from '../../config/paths';
import { formatClientDateTime } from '../../lib/format';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { toastError } from '../../lib/toast-error';
import {
  createSender,
  deleteSender,
  listSenders,
  resendActivation,
  updateSender,
  type Sender,
  type SenderChanges,
  type SenderFields,
  type SenderSortField,
} from './api';
import { senderMessages as text } from './messages';
import { SenderModal } from './SenderModal';

const MANAGE = 'manageSenders';

/** Senders (/senderList): the addresses campaigns go out from, their verification and the default. */
export default function SenderListPage() {
  const { status } = useSession();
  const list = useListQuery<SenderSortField>({ sort: 'name' });
  const invalidate = useInvalidate();
  const senders = useApiQuery(queryKeys.list('senders', list.params), (signal) => listSenders(list.params, signal));
  const crud = useCrudActions<Sender>({
    invalidates: ['senders', 'senderDomains', 'campaignChoices'],
    deleteItem: (sender) => deleteSender(sender.id),
    deletedMessage: text.deleted,
    confirmMessage: (sender) => text.deleteConfirm(sender.email),
  });

  const save = async (fields: SenderFields) => {
    const editing = crud.editing;
    if (editing === 'new') {
      await createSender(fields);
      toast('success', text.added);
    } else if (editing) {
      await updateSender(editing.id, fields);
      toast('success', text.saved);
    }
    void invalidate('senders', 'senderDomains', 'campaignChoices');
  };

  const change = async (sender: Sender, changes: SenderChanges, message: string) => {
    try {
      await updateSender(sender.id, changes);
      toast('success', message);
      void invalidate('senders', 'campaignChoices');
    } catch (error) {
      toastError(error);
    }
  };

  const resend = async (sender: Sender) => {
    try {
      const answer = await resendActivation(sender.id);
      toast('success', answer.message);
      void invalidate('senders');
    } catch (error) {
      toastError(error);
    }
  };

  const addButton = (
    <FeatureGate actionType={MANAGE} disable>
      <Button leftSection={<IconPlus size={16} />} onClick={() => crud.setEditing('new')} data-testid="add-sender">
        {text.addSender}
      </Button>
    </FeatureGate>
  );

  return (
    <Container size="xl" py="md">
      <Stack>
        <BackToCampaigns />
        <ListPage
          header={{
            title: text.listTitle,
            description: text.listIntro,
            actions: (
              <>
                <Button component={Link} to={paths.senderDomains.href()} variant="subtle" leftSection={<IconWorldWww size={16} />}>
                  {text.domainsLink}
                </Button>
                <FeatureGate adminOnly>
                  <Button component={Link} to="/sendingTransports" variant="subtle" leftSection={<IconSend size={16} />}>
                    {text.transportsLink}
                  </Button>
                </FeatureGate>
                {addButton}
              </>
            ),
          }}
          list={list}
          query={senders}
          search={{ label: text.search, testId: 'sender-search', width: 300 }}
          testId="senders-table"
          columns={[
            { label: text.name, sort: 'name' },
            { label: text.email, sort: 'email' },
            { label: text.status },
            { label: text.created, sort: 'created' },
            { label: text.actions, hideLabel: true },
          ]}
          noMatch={<EmptyState icon={<IconSearch />} title={text.noMatches} description={text.noMatchesHint} />}
          empty={<EmptyState icon={<IconAt />} title={text.empty} description={text.emptyHint} action={addButton} />}
          renderRow={(sender) => (
            <Table.Tr key={sender.id} data-testid={`sender-row-${sender.id}`}>
              <Table.Td fw={500}>
                <Group gap="xs" wrap="nowrap">
                  {sender.name}
                  {sender.isDefault && (
                    <Badge variant="outline" color="blue" size="sm">
                      {text.defaultBadge}
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{sender.email}</Text>
                {sender.replyTo && (
                  <Text size="xs" c="dimmed">
                    {`Reply-to: ${sender.replyTo}`}
                  </Text>
                )}
              </Table.Td>
              <Table.Td title={sender.problem || undefined}>
                <StatusBadge family="sender" status={sender.status} />
              </Table.Td>
              <Table.Td>{formatClientDateTime(sender.createdAt, status?.timeZoneMinutes ?? 0)}</Table.Td>
              <Table.Td ta="right">
                <FeatureGate actionType={MANAGE}>
                  <Menu position="bottom-end" withinPortal hideDetached={false}>
                    <Menu.Target>
                      <ActionIcon variant="subtle" aria-label={text.rowActions(sender.email)} data-testid={`sender-menu-${sender.id}`}>
                        <IconDots size={18} />
                      </ActionIcon>
                    </Menu.Target>
                    <Menu.Dropdown>
                      <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => crud.setEditing(sender)}>
                        {text.edit}
                      </Menu.Item>
                      {!sender.verifiedAt && (
                        <Menu.Item leftSection={<IconMailForward size={16} />} onClick={() => void resend(sender)}>
                          {text.resend}
                        </Menu.Item>
                      )}
                      {!sender.isDefault && sender.isEnabled && (
                        <Menu.Item leftSection={<IconStar size={16} />} onClick={() => void change(sender, { isDefault: true }, text.madeDefault)}>
                          {text.setDefault}
                        </Menu.Item>
                      )}
                      {!sender.isDefault && (
                        <Menu.Item
                          leftSection={<IconToggleLeft size={16} />}
                          onClick={() =>
                            void change(sender, { isEnabled: !sender.isEnabled }, sender.isEnabled ? text.disabled : text.enabled)
                          }
                        >
                          {sender.isEnabled ? text.disable : text.enable}
                        </Menu.Item>
                      )}
                      <Menu.Divider />
                      <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => crud.setDeleting(sender)}>
                        {text.delete}
                      </Menu.Item>
                    </Menu.Dropdown>
                  </Menu>
                </FeatureGate>
              </Table.Td>
            </Table.Tr>
          )}
          confirm={{ ...crud.confirmProps, title: text.deleteTitle }}
        >
          <SenderModal editing={crud.editing} onSave={save} onClose={() => crud.setEditing(null)} />
        </ListPage>
      </Stack>
    </Container>
  );
}
