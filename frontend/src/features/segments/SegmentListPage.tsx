import { ActionIcon, Button, Table } from '@mantine/core';
import { IconChartPie, IconDownload, IconPlus, IconSearch } from '@tabler/icons-react';
import { EmptyState } from '../../components/EmptyState';
import { FeatureGate } from '../../components/FeatureGate';
import { StatusBadge } from '../../components/StatusBadge';
import { ListPage } from '../../components/list/ListPage';
import { paths } from '../../config/paths';
import { formatClientDateTime } from '../../lib/format';
import { deleteSegment, listSegments, type SegmentRow, type SegmentSortField } from './api';
import { ExportProgress } from './ExportProgress';
import { segmentMessages as text } from './messages';
import { SegmentActionsCell, SegmentCountCell, SegmentNameCell } from './SegmentRowParts';
import { useSegmentExport } from './useSegmentExport';
import { useSegmentList } from './useSegmentList';

/** Segmentation (spec 2.1 /segmentList): the client's segments, with their counts at the last save. */
export default function SegmentListPage() {
  const { list, segments, crud, create, zoneMinutes } = useSegmentList<SegmentRow, SegmentSortField>({
    resource: 'segments',
    load: listSegments,
    remove: deleteSegment,
    text,
    builderHref: paths.segmentBuilder.href(),
  });
  const exporter = useSegmentExport();

  return (
    <ListPage
      header={{
        title: text.listTitle,
        description: text.listIntro,
        actions: (
          <Button leftSection={<IconPlus size={16} />} onClick={create} data-testid="create-segment">
            {text.createSegment}
          </Button>
        ),
      }}
      list={list}
      query={segments}
      search={{ label: text.search, testId: 'segment-search' }}
      above={<ExportProgress target={exporter.target} progress={exporter.progress} />}
      testId="segments-table"
      minWidth={760}
      columns={[
        { label: text.name, sort: 'name' },
        { label: text.type, sort: 'type' },
        { label: text.count, sort: 'count' },
        { label: text.updated(''), sort: 'updatedAt' },
        { label: text.actions },
      ]}
      noMatch={<EmptyState icon={<IconSearch />} title={text.noMatches} description={text.noMatchesHint} testId="segments-no-match" />}
      empty={
        <EmptyState
          icon={<IconChartPie />}
          title={text.empty}
          description={text.emptyHint}
          testId="segments-empty"
          action={<Button onClick={create}>{text.createSegment}</Button>}
        />
      }
      renderRow={(segment) => {
        const href = paths.segmentBuilder.href(segment.id);
        return (
          <Table.Tr key={segment.id} data-testid={`segment-row-${segment.id}`}>
            <SegmentNameCell segment={segment} href={href} />
            <Table.Td>
              <StatusBadge family="segmentType" status={segment.type} />
            </Table.Td>
            <SegmentCountCell count={segment.profileCount} notCounted={text.notCounted} />
            <Table.Td>{formatClientDateTime(segment.updatedAt, zoneMinutes)}</Table.Td>
            <SegmentActionsCell segment={segment} href={href} text={text} onDelete={() => crud.setDeleting(segment)}>
              <FeatureGate actionType="exportProfiles" disable>
                <ActionIcon
                  variant="subtle"
                  aria-label={`${text.export} ${segment.name}`}
                  loading={exporter.target?.id === segment.id}
                  disabled={exporter.busy && exporter.target?.id !== segment.id}
                  onClick={() => void exporter.start(segment)}
                  data-testid={`segment-export-${segment.id}`}
                >
                  <IconDownload size={18} stroke={1.75} />
                </ActionIcon>
              </FeatureGate>
            </SegmentActionsCell>
          </Table.Tr>
        );
      }}
      confirm={crud.confirmProps}
    />
  );
}
