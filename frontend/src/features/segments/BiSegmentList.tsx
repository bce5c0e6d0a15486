import { ActionIcon, Anchor, Button, Group, Table, Text } from '@mantine/core';
import { IconChartPie, IconPencil, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { EmptyState } from '../../components/EmptyState';
import { ListPage } from '../../components/list/ListPage';
import { paths } from '../../config/paths';
import { formatClientDateTime, formatNumber } from '../../lib/format';
import { deleteBiSegment, listBiSegments, type BiSegmentRow, type BiSegmentSortField } from './api';
import { biSegmentMessages as text } from './messages';
import { useSegmentList } from './useSegmentList';

/** The BI segments, newest first (super-admins only; BiSegmentsPage gates it). */
export function BiSegmentList() {
  const { list, segments, crud, create, zoneMinutes } = useSegmentList<BiSegmentRow, BiSegmentSortField>({
    resource: 'biSegments',
    load: listBiSegments,
    remove: deleteBiSegment,
    text,
    builderHref: paths.biSegmentBuilder.href(),
  });

  return (
    <ListPage
      header={{
        title: text.listTitle,
        description: text.listIntro,
        actions: (
          <Button leftSection={<IconPlus size={16} />} onClick={create} data-testid="create-bi-segment">
            {text.createSegment}
          </Button>
        ),
      }}
      list={list}
      query={segments}
      search={{ label: text.search, testId: 'bi-segment-search' }}
      testId="bi-segments-table"
      minWidth={720}
      columns={[
        { label: text.name, sort: 'name' },
        { label: text.count, sort: 'count' },
        { label: text.updated, sort: 'updatedAt' },
        { label: text.updatedBy },
        { label: text.actions },
      ]}
      noMatch={<EmptyState icon={<IconSearch />} title={text.noMatches} description={text.noMatchesHint} testId="bi-segments-no-match" />}
      empty={
        <EmptyState
          icon={<IconChartPie />}
          title={text.empty}
          description={text.emptyHint}
          testId="bi-segments-empty"
          action={<Button onClick={create}>{text.createSegment}</Button>}
        />
      }
      renderRow={(segment) => (
        <Table.Tr key={segment.id} data-testid={`bi-segment-row-${segment.id}`}>
          <Table.Td>
            <Anchor component={Link} to={paths.biSegmentBuilder.href(segment.id)} fw={500}>
              {segment.name}
            </Anchor>
          </Table.Td>
          <Table.Td>
            {segment.profileCount === null ? (
              <Text size="sm" c="dimmed">
                {text.notCounted}
              </Text>
            ) : (
              formatNumber(segment.profileCount)
            )}
          </Table.Td>
          <Table.Td>{formatClientDateTime(segment.updatedAt, zoneMinutes)}</Table.Td>
          <Table.Td>{segment.updatedByEmail}</Table.Td>
          <Table.Td>
            <Group gap={4} wrap="nowrap">
              <ActionIcon variant="subtle" aria-label={`${text.edit} ${segment.name}`} component={Link} to={paths.biSegmentBuilder.href(segment.id)}>
                <IconPencil size={18} stroke={1.75} />
              </ActionIcon>
              <ActionIcon variant="subtle" color="red" aria-label={`${text.delete} ${segment.name}`} onClick={() => crud.setDeleting(segment)}>
                <IconTrash size={18} stroke={1.75} />
              </ActionIcon>
            </Group>
          </Table.Td>
        </Table.Tr>
      )}
      confirm={crud.confirmProps}
    />
  );
}
