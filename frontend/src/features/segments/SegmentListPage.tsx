import { ActionIcon, Anchor, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconChartPie, IconDownload, IconPencil, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { FeatureGate } from '../../components/FeatureGate';
import { PageHeader } from '../../components/PageHeader';
import { StatusBadge } from '../../components/StatusBadge';
import { DataTable } from '../../components/list/DataTable';
import { ListFooter } from '../../components/list/ListFooter';
import { SortableTh } from '../../components/list/SortableTh';
import { useCrudActions } from '../../components/list/useCrudActions';
import { useListQuery } from '../../components/list/useListQuery';
import { queryKeys, useApiQuery } from '../../api/query';
import { paths } from '../../config/paths';
import { formatClientDateTime, formatNumber } from '../../lib/format';
import { useSession } from '../../lib/session';
import { deleteSegment, listSegments, type SegmentRow, type SegmentSortField } from './api';
import { ExportProgress } from './ExportProgress';
import { segmentMessages as text } from './messages';
import { useSegmentExport } from './useSegmentExport';

/** Segmentation (spec 2.1 /segmentList): the client's segments, with their counts at the last save. */
export default function SegmentListPage() {
  const { status } = useSession();
  const navigate = useNavigate();
  const list = useListQuery<SegmentSortField>({ sort: '-updatedAt' });
  const segments = useApiQuery(queryKeys.list('segments', list.params), (signal) => listSegments(list.params, signal));
  const crud = useCrudActions<SegmentRow>({
    invalidates: ['segments'],
    deleteItem: (segment) => deleteSegment(segment.id),
    deletedMessage: text.deleted,
    confirmMessage: (segment) => text.deleteConfirm(segment.name),
  });
  const exporter = useSegmentExport();
  const create = () => navigate(paths.segmentBuilder.href());
  const zoneMinutes = status?.timeZoneMinutes ?? 0;

  return (
    <Stack>
      <PageHeader
        title={text.listTitle}
        description={text.listIntro}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={create} data-testid="create-segment">
            {text.createSegment}
          </Button>
        }
      />
      <TextInput
        label={text.search}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={list.search}
        onChange={(event) => list.setSearch(event.currentTarget.value)}
        w={280}
        data-testid="segment-search"
      />
      <ExportProgress target={exporter.target} progress={exporter.progress} />
      <DataTable
        testId="segments-table"
        highlightOnHover
        loading={segments.loading}
        error={segments.error}
        columnCount={5}
        minWidth={760}
        head={
          <>
            <SortableTh label={text.name} field="name" sort={list.sort} onSort={list.toggleSort} />
            <SortableTh label={text.type} field="type" sort={list.sort} onSort={list.toggleSort} />
            <SortableTh label={text.count} field="count" sort={list.sort} onSort={list.toggleSort} />
            <SortableTh label={text.updated('')} field="updatedAt" sort={list.sort} onSort={list.toggleSort} />
            <Table.Th>{text.actions}</Table.Th>
          </>
        }
        empty={
          list.params.search ? (
            <EmptyState icon={<IconSearch />} title={text.noMatches} description={text.noMatchesHint} testId="segments-no-match" />
          ) : (
            <EmptyState
              icon={<IconChartPie />}
              title={text.empty}
              description={text.emptyHint}
              testId="segments-empty"
              action={<Button onClick={create}>{text.createSegment}</Button>}
            />
          )
        }
        rows={segments.data?.items ?? []}
        renderRow={(segment) => (
          <Table.Tr key={segment.id} data-testid={`segment-row-${segment.id}`}>
            <Table.Td>
              <Anchor component={Link} to={paths.segmentBuilder.href(segment.id)} fw={500}>
                {segment.name}
              </Anchor>
            </Table.Td>
            <Table.Td>
              <StatusBadge family="segmentType" status={segment.type} />
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
            <Table.Td>
              <Group gap={4} wrap="nowrap">
                <ActionIcon variant="subtle" aria-label={`${text.edit} ${segment.name}`} component={Link} to={paths.segmentBuilder.href(segment.id)}>
                  <IconPencil size={18} stroke={1.75} />
                </ActionIcon>
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
                <ActionIcon variant="subtle" color="red" aria-label={`${text.delete} ${segment.name}`} onClick={() => crud.setDeleting(segment)}>
                  <IconTrash size={18} stroke={1.75} />
                </ActionIcon>
              </Group>
            </Table.Td>
          </Table.Tr>
        )}
      />
      <ListFooter answer={segments.data} page={list.page} pageSize={list.pageSize} onPage={list.setPage} onPageSize={list.setPageSize} />
      <ConfirmDialog {...crud.confirmProps} />
    </Stack>
  );
}
