import { ActionIcon, Anchor, Badge, Button, Group, Stack, Table, Tabs, TextInput } from '@mantine/core';
import { IconLayoutNavbar, IconLayoutBottombar, IconPencil, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { listHeaderFooters, type HeaderFooter, type HeaderFooterKind } from '../../api/templates';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { DataTable } from '../../components/list/DataTable';
import { ListFooter } from '../../components/list/ListFooter';
import { SortableTh } from '../../components/list/SortableTh';
import { useListQuery } from '../../components/list/useListQuery';
import { queryKeys, useApiQuery, useInvalidate } from '../../api/query';
import { formatClientDateTime } from '../../lib/format';
import { useSession } from '../../lib/session';
import { DeleteHeaderFooterDialog } from './DeleteHeaderFooterDialog';
import { templateMessages as text } from './messages';
import { headerFooterHref } from './template-types';

/** Campaign Footer Settings (spec 2.4 /CampaignFooterSettingsList): the headers and the footers, each searched, sorted and paged. */
export default function FooterSettingsListPage() {
  const [params, setParams] = useSearchParams();
  const kind: HeaderFooterKind = params.get('type') === 'header' ? 'header' : 'footer';
  return (
    <Stack>
      <PageHeader
        title={text.hfTitle}
        description={text.hfIntro}
        actions={
          <Button component={Link} to={headerFooterHref(kind)} leftSection={<IconPlus size={16} aria-hidden />} data-testid="hf-new">
            {kind === 'header' ? text.newHeader : text.newFooter}
          </Button>
        }
      />
      <Tabs value={kind} onChange={(value) => value && setParams({ type: value })}>
        <Tabs.List>
          <Tabs.Tab value="footer" leftSection={<IconLayoutBottombar size={16} aria-hidden />} data-testid="hf-tab-footer">
            {text.footers}
          </Tabs.Tab>
          <Tabs.Tab value="header" leftSection={<IconLayoutNavbar size={16} aria-hidden />} data-testid="hf-tab-header">
            {text.headers}
          </Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <HeaderFooterList key={kind} kind={kind} />
    </Stack>
  );
}

type SortField = 'name' | 'updatedAt' | 'createdAt';

function HeaderFooterList({ kind }: { kind: HeaderFooterKind }) {
  const { status } = useSession();
  const list = useListQuery<SortField>({ sort: '-updatedAt' });
  const items = useApiQuery(queryKeys.list('headerFooters', { kind, ...list.params }), (signal) => listHeaderFooters(kind, list.params, signal));
  const [deleting, setDeleting] = useState<HeaderFooter | null>(null);
  const invalidate = useInvalidate();
  const zone = status?.timeZoneMinutes ?? 0;
  const footer = kind === 'footer';

  return (
    <Stack>
      <TextInput
        label={text.search}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={list.search}
        onChange={(event) => list.setSearch(event.currentTarget.value)}
        w={280}
        data-testid="hf-search"
      />
      <DataTable
        testId="hf-table"
        highlightOnHover
        loading={items.loading}
        error={items.error}
        columnCount={footer ? 5 : 4}
        minWidth={720}
        head={
          <>
            <SortableTh label={text.name} field="name" sort={list.sort} onSort={list.toggleSort} />
            {footer && <Table.Th>{text.isDefault}</Table.Th>}
            <SortableTh label={text.created} field="createdAt" sort={list.sort} onSort={list.toggleSort} />
            <SortableTh label={text.updatedColumn} field="updatedAt" sort={list.sort} onSort={list.toggleSort} />
            <Table.Th>{text.actions}</Table.Th>
          </>
        }
        empty={
          list.params.search ? (
            <EmptyState icon={<IconSearch />} title={text.hfNoMatches} description={text.noMatchesHint} testId="hf-no-match" />
          ) : (
            <EmptyState
              icon={footer ? <IconLayoutBottombar /> : <IconLayoutNavbar />}
              title={footer ? text.footerEmpty : text.headerEmpty}
              description={footer ? text.footerEmptyHint : text.headerEmptyHint}
              testId="hf-empty"
              action={
                <Button component={Link} to={headerFooterHref(kind)}>
                  {footer ? text.newFooter : text.newHeader}
                </Button>
              }
            />
          )
        }
        rows={items.data?.items ?? []}
        renderRow={(item) => (
          <Table.Tr key={item.id} data-testid={`hf-row-${item.id}`}>
            <Table.Td>
              <Anchor component={Link} to={headerFooterHref(kind, item.id)} fw={500}>
                {item.name}
              </Anchor>
            </Table.Td>
            {footer && <Table.Td>{item.isDefault && <Badge variant="light">{text.isDefault}</Badge>}</Table.Td>}
            <Table.Td>{formatClientDateTime(item.createdAt, zone)}</Table.Td>
            <Table.Td>{formatClientDateTime(item.updatedAt, zone)}</Table.Td>
            <Table.Td>
              <Group gap={4} wrap="nowrap">
                <ActionIcon variant="subtle" component={Link} to={headerFooterHref(kind, item.id)} aria-label={text.editOf(item.name)}>
                  <IconPencil size={18} stroke={1.75} aria-hidden />
                </ActionIcon>
                <ActionIcon variant="subtle" color="red" aria-label={text.deleteOf(item.name)} onClick={() => setDeleting(item)} data-testid="hf-delete">
                  <IconTrash size={18} stroke={1.75} aria-hidden />
                </ActionIcon>
              </Group>
            </Table.Td>
          </Table.Tr>
        )}
      />
      <ListFooter answer={items.data} page={list.page} pageSize={list.pageSize} onPage={list.setPage} onPageSize={list.setPageSize} />
      <DeleteHeaderFooterDialog
        kind={kind}
        item={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          setDeleting(null);
          void invalidate('headerFooters');
        }}
      />
    </Stack>
  );
}
