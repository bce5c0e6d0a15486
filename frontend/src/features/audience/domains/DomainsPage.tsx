import { Button, Group, Table, Tabs, TextInput } from '@mantine/core';
import { IconPlus, IconWorld } from '@tabler/icons-react';
import { EmptyState } from '../../../components/EmptyState';
import { SenderSetupButtons } from '../../../components/SenderSetupLinks';
import { useState } from 'react';
import { queryKeys, useApiQuery, useInvalidate } from '../../../api/query';
import { toast } from '../../../lib/toast';
import { toastError } from '../../../lib/toast-error';
import { FeatureGate } from '../../../components/FeatureGate';
import { ListPage } from '../../../components/list/ListPage';
import { useCrudActions } from '../../../components/list/useCrudActions';
import { useListQuery } from '../../../components/list/useListQuery';
import { isValidDomain } from '../../../lib/domain';
import { fillErrors } from '../../../lib/form-helper';
import { formatClientDateTime } from '../../../lib/format';
import { messages } from '../../../lib/messages';
import { useSession } from '../../../lib/session';
import type { DomainKind, ManagedDomain } from './api';
import { addDomain, deleteDomain, listDomains } from './api';
import { RowActions } from '../../../components/list/RowActions';

/** Suppressed (type 1) and public (type 2) domains: add (spec 5.1's domain rule) and delete. */
export default function DomainsPage() {
  const { status } = useSession();
  const [type, setType] = useState<DomainKind>(1);
  const list = useListQuery();
  const query = { type, page: list.page, pageSize: list.pageSize, search: list.params.search };
  const domains = useApiQuery(queryKeys.list('domains', query), (signal) => listDomains(query, signal));
  const invalidate = useInvalidate();
  const [draft, setDraft] = useState('');
  const [adding, setAdding] = useState(false);
  const crud = useCrudActions<ManagedDomain>({
    invalidates: ['domains'],
    deleteItem: (domain) => deleteDomain(domain.id),
    deletedMessage: messages.domainDeleted,
    confirmMessage: (domain) => messages.deleteDomainConfirm(domain.domain),
  });

  const add = async () => {
    const domain = draft.trim().toLowerCase();
    const errors = fillErrors([{ label: messages.domain, value: domain }]);
    if (!errors.length && !isValidDomain(domain)) errors.push(messages.invalidDomain);
    if (errors.length) {
      errors.forEach((error) => toast('error', error));
      return;
    }
    setAdding(true);
    try {
      await addDomain(domain, type);
      toast('success', messages.domainAdded);
      setDraft('');
      void invalidate('domains');
    } catch (error) {
      toastError(error);
    } finally {
      setAdding(false);
    }
  };

  return (
    <ListPage
      header={{ title: messages.domainsTitle, description: messages.domainsIntro, actions: <SenderSetupButtons /> }}
      list={list}
      query={domains}
      above={
        <>
          <Tabs
            value={String(type)}
            onChange={(value) => {
              setType(value === '2' ? 2 : 1);
              list.setPage(1);
            }}
          >
            <Tabs.List>
              <Tabs.Tab value="1">{messages.tabSuppressed}</Tabs.Tab>
              <Tabs.Tab value="2">{messages.tabPublic}</Tabs.Tab>
            </Tabs.List>
          </Tabs>
          <Group align="flex-end" justify="space-between">
            <TextInput label={messages.search} value={list.search} onChange={(event) => list.setSearch(event.currentTarget.value)} w={240} />
            <form
              onSubmit={(event) => {
                event.preventDefault();
                void add();
              }}
            >
              <Group align="flex-end" gap="xs">
                <TextInput label={messages.domain} placeholder="example.com" value={draft} onChange={(event) => setDraft(event.currentTarget.value)} data-testid="domain-input" />
                <FeatureGate actionType="manageDomains" disable>
                  <Button type="submit" leftSection={<IconPlus size={16} />} loading={adding} data-testid="add-domain">
                    {messages.addDomain}
                  </Button>
                </FeatureGate>
              </Group>
            </form>
          </Group>
        </>
      }
      testId="domains-table"
      columns={[{ label: messages.domain }, { label: messages.createdDate }, { label: messages.actions }]}
      noMatch={<EmptyState icon={<IconWorld />} title={messages.noMatches} description={messages.noMatchesHint} />}
      empty={<EmptyState icon={<IconWorld />} title={messages.domainsEmpty} description={messages.domainsEmptyHint} />}
      renderRow={(row) => (
        <Table.Tr key={row.id} data-testid={`domain-row-${row.domain}`}>
          <Table.Td>{row.domain}</Table.Td>
          <Table.Td>{formatClientDateTime(row.createdAt, status?.timeZoneMinutes ?? 0)}</Table.Td>
          <Table.Td>
            <FeatureGate actionType="manageDomains" disable>
              <RowActions deleteLabel={`${messages.delete} ${row.domain}`} onDelete={() => crud.setDeleting(row)} />
            </FeatureGate>
          </Table.Td>
        </Table.Tr>
      )}
      confirm={crud.confirmProps}
    />
  );
}
