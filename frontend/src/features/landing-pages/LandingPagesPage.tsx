import { ActionIcon, Anchor, Button, Menu, Table, Tabs } from '@mantine/core';
import { IconCopy, IconDots, IconExternalLink, IconPencil, IconPlayerPause, IconPlus, IconSearch, IconSend, IconTrash, IconWorldWww } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { queryKeys, useApiMutation, useApiQuery } from '../../api/query';
import { EmptyState } from '../../components/EmptyState';
import { StatusBadge } from '../../components/StatusBadge';
import { ListPage } from '../../components/list/ListPage';
import { useCrudActions } from '../../components/list/useCrudActions';
import { useListQuery } from '../../components/list/useListQuery';
import { href } from '../../config/paths';
import { formatClientDateTime, formatNumber } from '../../lib/format';
import { useSession } from '../../lib/session';
import { copyPage, deletePage, listPages, publishPage, unpublishPage, type LandingPage, type PageRow, type PageSortField, type PageType } from './api';
import { lpMessages as text, pageTypes } from './messages';

const ALL = 'all';
const changes = ['landingPages'] as const;
export const designerHref = (id: number) => href('/createlp', { query: { id } });

/** Landing Pages (spec 2.1 /landingpages): every landing, pop-up and checkout page, searched, sorted and paged, with its lifecycle. */
export default function LandingPagesPage() {
  const zone = useSession().status?.timeZoneMinutes ?? 0;
  const list = useListQuery<PageSortField, { type?: PageType }>({ sort: '-updatedAt' });
  const pages = useApiQuery(queryKeys.list('landingPages', list.params), (signal) => listPages(list.params, signal));
  const crud = useCrudActions<PageRow>({
    invalidates: ['landingPages'],
    deleteItem: (page) => deletePage(page.id),
    deletedMessage: text.deleted,
    confirmMessage: (page) => text.deleteConfirm(page.name),
  });
  const create = (testId: string) => (
    <Button component={Link} to={href('/lpTemplateList')} leftSection={<IconPlus size={16} aria-hidden />} data-testid={testId}>
      {text.create}
    </Button>
  );

  return (
    <ListPage
      header={{ title: text.listTitle, description: text.listIntro, actions: create('create-page') }}
      list={list}
      query={pages}
      search={{ label: text.search, testId: 'page-search' }}
      above={
        <Tabs value={list.filters.type ?? ALL} onChange={(value) => list.setFilter('type', value === ALL ? undefined : (value as PageType))}>
          <Tabs.List aria-label={text.typeFilter}>
            <Tabs.Tab value={ALL}>{text.allTypes}</Tabs.Tab>
            {(['LP', 'PP', 'CP'] as PageType[]).map((type) => (
              <Tabs.Tab key={type} value={type} data-testid={`page-type-${type}`}>
                {pageTypes[type]}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
      }
      filtered={Boolean(list.filters.type)}
      testId="pages-table"
      minWidth={720}
      columns={[
        { label: text.name, sort: 'name', width: '34%' },
        { label: text.type, sort: 'type' },
        { label: text.status, sort: 'status' },
        { label: text.visits },
        { label: text.updated, sort: 'updatedAt' },
        { label: text.actions, hideLabel: true, nowrap: true },
      ]}
      noMatch={<EmptyState icon={<IconSearch />} title={text.noMatches} description={text.noMatchesHint} testId="pages-no-match" />}
      empty={<EmptyState icon={<IconWorldWww />} title={text.empty} description={text.emptyHint} testId="pages-empty" action={create('create-first-page')} />}
      renderRow={(page) => (
        <Table.Tr key={page.id} data-testid={`page-row-${page.id}`}>
          <Table.Td>
            <Anchor component={Link} to={designerHref(page.id)} fw={500}>
              {page.name}
            </Anchor>
          </Table.Td>
          <Table.Td>{pageTypes[page.pageType]}</Table.Td>
          <Table.Td>
            <StatusBadge family="form" status={page.status} />
          </Table.Td>
          <Table.Td data-testid={`page-visits-${page.id}`}>{text.visitsUnique(formatNumber(page.visits), formatNumber(page.uniqueVisits))}</Table.Td>
          <Table.Td>{formatClientDateTime(page.updatedAt, zone)}</Table.Td>
          <Table.Td>
            <RowActions page={page} onDelete={() => crud.setDeleting(page)} />
          </Table.Td>
        </Table.Tr>
      )}
      confirm={{ ...crud.confirmProps, title: text.deleteTitle }}
    />
  );
}

/** A page's menu: edit, open the live page, copy, publish or unpublish, delete. Refusals (spec 4's pop-up rule, 5.10, the plan limit) come back as the server's message in a toast. */
function RowActions({ page, onDelete }: { page: PageRow; onDelete: () => void }) {
  const copy = useApiMutation(() => copyPage(page.id), { invalidates: changes, success: (made: LandingPage) => text.copied(made.name) });
  const publish = useApiMutation(() => publishPage(page.id), { invalidates: changes, success: text.published });
  const unpublish = useApiMutation(() => unpublishPage(page.id), { invalidates: changes, success: text.unpublished });
  const published = page.status === 'Published';
  const id = page.id;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={text.rowActions(page.name)} data-testid={`page-actions-${id}`}>
          <IconDots size={18} stroke={1.75} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to={designerHref(id)} leftSection={<IconPencil size={16} />}>
          {text.edit}
        </Menu.Item>
        {published && (
          <Menu.Item component="a" href={page.publicUrl} target="_blank" rel="noopener" leftSection={<IconExternalLink size={16} />} data-testid={`page-open-${id}`}>
            {text.openPublic}
          </Menu.Item>
        )}
        <Menu.Item leftSection={<IconCopy size={16} />} onClick={() => copy.mutate(undefined)} data-testid={`page-copy-${id}`}>
          {text.copy}
        </Menu.Item>
        {published ? (
          <Menu.Item leftSection={<IconPlayerPause size={16} />} onClick={() => unpublish.mutate(undefined)} data-testid={`page-unpublish-${id}`}>
            {text.unpublish}
          </Menu.Item>
        ) : (
          <Menu.Item leftSection={<IconSend size={16} />} onClick={() => publish.mutate(undefined)} data-testid={`page-publish-${id}`}>
            {text.publish}
          </Menu.Item>
        )}
        <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={onDelete} data-testid={`page-delete-${id}`}>
          {text.delete}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
