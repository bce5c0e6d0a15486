import { ActionIcon, Alert, Button, Group, LoadingOverlay, Stack, Table, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { toast } from '../../../app/toast';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { FeatureGate } from '../../../components/FeatureGate';
import { ListFooter } from '../../../components/list/ListFooter';
import { useListQuery } from '../../../components/list/useListQuery';
import { useRemote } from '../../../components/list/useRemote';
import { isValidDomain } from '../../../lib/domain';
import { fillErrors } from '../../../lib/form-helper';
import { formatClientDateTime } from '../../../lib/format';
import { messages } from '../../../lib/messages';
import { useSession } from '../../../lib/session';
import { toastError } from '../shared/errors';
import type { DomainKind, ManagedDomain } from '../types';
import { addDomain, deleteDomain, listDomains } from './api';

/** Suppressed (type 1) and public (type 2) domains: add (spec 5.1's domain rule) and delete. */
export default function DomainsPage() {
  const { status } = useSession();
  const [type, setType] = useState<DomainKind>(1);
  const list = useListQuery('', {});
  const query = { type, page: list.page, pageSize: list.pageSize, search: list.params.search };
  const domains = useRemote((signal) => listDomains(query, signal), JSON.stringify(query));
  const [draft, setDraft] = useState('');
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<ManagedDomain | null>(null);
  const [busy, setBusy] = useState(false);
  const rows = domains.data?.items ?? [];

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
      domains.reload();
    } catch (error) {
      toastError(error);
    } finally {
      setAdding(false);
    }
  };

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await deleteDomain(deleting.id);
      toast('success', messages.domainDeleted);
      setDeleting(null);
      domains.reload();
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack>
      <Title order={1}>{messages.domainsTitle}</Title>
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
              <Button type="submit" loading={adding} data-testid="add-domain">
                {messages.addDomain}
              </Button>
            </FeatureGate>
          </Group>
        </form>
      </Group>
      {domains.error && <Alert color="red">{domains.error}</Alert>}
      <div style={{ position: 'relative' }}>
        <LoadingOverlay visible={domains.loading} />
        <Table striped data-testid="domains-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{messages.domain}</Table.Th>
              <Table.Th>{messages.createdDate}</Table.Th>
              <Table.Th>{messages.actions}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={3}>
                  <Text c="dimmed" ta="center">
                    {messages.noRecords}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {rows.map((row) => (
              <Table.Tr key={row.id} data-testid={`domain-row-${row.domain}`}>
                <Table.Td>{row.domain}</Table.Td>
                <Table.Td>{formatClientDateTime(row.createdAt, status?.timeZoneMinutes ?? 0)}</Table.Td>
                <Table.Td>
                  <FeatureGate actionType="manageDomains" disable>
                    <ActionIcon variant="subtle" color="red" aria-label={`${messages.delete} ${row.domain}`} onClick={() => setDeleting(row)}>
                      🗑
                    </ActionIcon>
                  </FeatureGate>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </div>
      <ListFooter total={domains.data?.total ?? 0} page={list.page} pageSize={list.pageSize} onPage={list.setPage} onPageSize={list.setPageSize} />
      <ConfirmDialog
        opened={deleting !== null}
        title={messages.bulkConfirmTitle}
        message={deleting ? messages.deleteDomainConfirm(deleting.domain) : ''}
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}
