import { Anchor, Badge, Button, Table } from '@mantine/core';
import { IconLayoutBottombar, IconLayoutNavbar, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { queryKeys, useApiQuery, useInvalidate } from '../../api/query';
import { listHeaderFooters, type HeaderFooter, type HeaderFooterKind } from '../../api/templates';
import { EmptyState } from '../../components/EmptyState';
import { ListPage } from '../../components/list/ListPage';
import { useListQuery } from '../../components/list/useListQuery';
import { formatClientDateTime } from '../../lib/format';
import { useSession } from '../../lib/session';
import { DeleteHeaderFooterDialog } from './DeleteHeaderFooterDialog';
import { templateMessages as text } from './messages';
import { headerFooterHref } from './template-types';
import { RowActions } from '../../components/list/RowActions';

type SortField = 'name' | 'updatedAt' | 'createdAt';

/** The headers or the footers of the client, searched, sorted and paged, each with its edit and delete. */
export function HeaderFooterList({ kind }: { kind: HeaderFooterKind }) {
  const { status } = useSession();
  const list = useListQuery<SortField>({ sort: '-updatedAt' });
  const items = useApiQuery(queryKeys.list('headerFooters', { kind, ...list.params }), (signal) => listHeaderFooters(kind, list.params, signal));
  const [deleting, setDeleting] = useState<HeaderFooter | null>(null);
  const invalidate = useInvalidate();
  const zone = status?.timeZoneMinutes ?? 0;
  const footer = kind === 'footer';

  return (
    <ListPage
      list={list}
      query={items}
      search={{ label: text.search, testId: 'hf-search' }}
      testId="hf-table"
      minWidth={720}
      columns={[
        { label: text.name, sort: 'name' },
        { label: text.isDefault, hidden: !footer },
        { label: text.created, sort: 'createdAt' },
        { label: text.updatedColumn, sort: 'updatedAt' },
        { label: text.actions },
      ]}
      noMatch={<EmptyState icon={<IconSearch />} title={text.hfNoMatches} description={text.noMatchesHint} testId="hf-no-match" />}
      empty={
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
      }
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
            <RowActions
              editLabel={text.editOf(item.name)}
              editTo={headerFooterHref(kind, item.id)}
              deleteLabel={text.deleteOf(item.name)}
              onDelete={() => setDeleting(item)}
            />
          </Table.Td>
        </Table.Tr>
      )}
    >
      <DeleteHeaderFooterDialog
        kind={kind}
        item={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          setDeleting(null);
          void invalidate('headerFooters');
        }}
      />
    </ListPage>
  );
}
