import { Badge, Button, Container, Table, Text } from '@mantine/core';
import { IconFileCertificate, IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { queryKeys, useApiQuery, useInvalidate, type ApiQuery } from '../../../api/query';
import { EmptyState } from '../../../components/EmptyState';
import { ListPage } from '../../../components/list/ListPage';
import { useCrudActions } from '../../../components/list/useCrudActions';
import { useListQuery } from '../../../components/list/useListQuery';
import { formatClientDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { createDisclaimer, deleteDisclaimer, listDisclaimers, saveDisclaimer, type Disclaimer } from './api';
import { DisclaimerModal } from './DisclaimerModal';
import { disclaimerMessages as text } from './messages';
import { disclaimerPage, type DisclaimerSort } from './disclaimer-page';
import { RowActions } from '../../../components/list/RowActions';

/**
 * /managedisclaimer (spec 2.2, admins): the consent texts forms show, searched, sorted and
 * paged here (a client has a handful); create and edit (a changed text is a new version),
 * delete (refused while a form uses it, with the server's message).
 */
export default function DisclaimersPage() {
  const list = useListQuery<DisclaimerSort>({ sort: 'name' });
  const all = useApiQuery(queryKeys.list('disclaimers'), (signal) => listDisclaimers(signal));
  const zone = useSession().status?.timeZoneMinutes ?? 0;
  const invalidate = useInvalidate();
  const [editing, setEditing] = useState<Disclaimer | 'new' | null>(null);
  const crud = useCrudActions<Disclaimer>({
    invalidates: ['disclaimers'],
    deleteItem: (disclaimer) => deleteDisclaimer(disclaimer.id),
    deletedMessage: text.deleted,
    confirmMessage: (disclaimer) => text.deleteConfirm(disclaimer.name),
  });
  const page: ApiQuery<ReturnType<typeof disclaimerPage>> = useMemo(
    () => ({ ...all, data: all.data ? disclaimerPage(all.data.items, { search: list.params.search, sort: list.sort, page: list.page, pageSize: list.pageSize }) : null }),
    [all, list.params.search, list.sort, list.page, list.pageSize],
  );

  const save = async (name: string, body: string) => {
    const saved = editing && editing !== 'new' ? await saveDisclaimer(editing.id, name, body) : await createDisclaimer(name, body);
    toast('success', editing && editing !== 'new' && saved.currentVersion > editing.currentVersion ? text.newVersion(saved.currentVersion) : text.saved);
    void invalidate('disclaimers');
  };

  const createButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} data-testid="create-disclaimer">
      {text.create}
    </Button>
  );

  return (
    <Container size="xl" py="md">
      <ListPage<Disclaimer, DisclaimerSort>
        header={{ title: text.title, description: text.intro, actions: createButton }}
        list={list}
        query={page}
        search={{ label: text.search, testId: 'disclaimer-search' }}
        testId="disclaimers-table"
        minWidth={700}
        columns={[
          { label: text.name, sort: 'name', width: '30%' },
          { label: text.text },
          { label: text.version, sort: 'version' },
          { label: text.updated, sort: 'updatedAt' },
          { label: text.actions, hideLabel: true, nowrap: true },
        ]}
        empty={<EmptyState icon={<IconFileCertificate />} title={text.empty} description={text.emptyHint} action={createButton} />}
        noMatch={<EmptyState icon={<IconFileCertificate />} title={text.noMatch} description="" />}
        renderRow={(disclaimer) => (
          <Table.Tr key={disclaimer.id} data-testid={`disclaimer-row-${disclaimer.name}`}>
            <Table.Td>
              <Text fw={500} size="sm">
                {disclaimer.name}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" lineClamp={2} style={{ wordBreak: 'break-word' }}>
                {disclaimer.text}
              </Text>
            </Table.Td>
            <Table.Td>
              <Badge variant="light" color="gray" data-testid="disclaimer-version">
                {text.version} {disclaimer.currentVersion}
              </Badge>
            </Table.Td>
            <Table.Td>{formatClientDateTime(disclaimer.updatedAt, zone)}</Table.Td>
            <Table.Td>
              <RowActions
                justify="flex-end"
                editLabel={text.edit(disclaimer.name)}
                onEdit={() => setEditing(disclaimer)}
                deleteLabel={text.deleteOf(disclaimer.name)}
                onDelete={() => crud.setDeleting(disclaimer)}
              />
            </Table.Td>
          </Table.Tr>
        )}
        confirm={crud.confirmProps}
      >
        <DisclaimerModal opened={editing !== null} disclaimer={editing === 'new' ? null : editing} zone={zone} onSave={save} onClose={() => setEditing(null)} />
      </ListPage>
    </Container>
  );
}
