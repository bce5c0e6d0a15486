import { Button, Table } from '@mantine/core';
import { IconChartPie, IconPlus, IconSearch } from '@tabler/icons-react';
import { EmptyState } from '../../components/EmptyState';
import { ListPage } from '../../components/list/ListPage';
import { paths } from '../../config/paths';
import { formatClientDateTime } from '../../lib/format';
import { deleteBiSegment, listBiSegments, type BiSegmentRow, type BiSegmentSortField } from './api';
import { biSegmentMessages as text } from './messages';
import { SegmentActionsCell, SegmentCountCell, SegmentNameCell } from './SegmentRowParts';
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
      renderRow={(segment) => {
        const href = paths.biSegmentBuilder.href(segment.id);
        return (
          <Table.Tr key={segment.id} data-testid={`bi-segment-row-${segment.id}`}>
            <SegmentNameCell segment={segment} href={href} />
            <SegmentCountCell count={segment.profileCount} notCounted={text.notCounted} />
            <Table.Td>{formatClientDateTime(segment.updatedAt, zoneMinutes)}</Table.Td>
            <Table.Td>{segment.updatedByEmail}</Table.Td>
            <SegmentActionsCell segment={segment} href={href} text={text} onDelete={() => crud.setDeleting(segment)} />
          </Table.Tr>
        );
      }}
      confirm={crud.confirmProps}
    />
  );
}
