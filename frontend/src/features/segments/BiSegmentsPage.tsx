import { ActionIcon, Alert, Anchor, Button, Group, Table, Text } from '@mantine/core';
import { IconChartPie, IconLock, IconPencil, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { EmptyState } from '../../components/EmptyState';
import { canSeeFeature } from '../../components/FeatureGate';
import { ListPage } from '../../components/list/ListPage';
import { useCrudActions } from '../../components/list/useCrudActions';
import { useListQuery } from '../../components/list/useListQuery';
import { queryKeys, useApiQuery } from '../../api/query';
import { paths } from '../../config/paths';
import { formatClientDateTime, formatNumber } from '../../lib/format';
import { messages } from '../../lib/messages';
import { useSession } from '../../lib/session';
import { deleteBiSegment, listBiSegments, type BiSegmentRow, type BiSegmentSortField } from './api';
import { BiSegmentBuilder } from './BiSegmentBuilder';
import { biSegmentMessages as text } from './messages';

/**
 * BI Segmentation (spec 2.2: /segmentListbi?type=bi, super-admins only). The list, or with
 * `id` the BI builder (`id=new` a new BI segment, `id=N` a saved one). Everyone else gets the
 * app's gated-content message (the API answers them 403 anyway).
 */
export default function BiSegmentsPage() {
  const { access } = useSession();
  const [searchParams] = useSearchParams();
  if (!canSeeFeature(access, undefined, false, true)) {
    return (
      <Alert color="red" icon={<IconLock size={18} aria-hidden />} title={messages.accessDeniedTitle} data-testid="bi-segments-denied">
        {messages.adminOnly}
      </Alert>
    );
  }
  const raw = searchParams.get('id');
  if (raw === 'new') return <BiSegmentBuilder key="new" id={null} />;
  if (raw && /^\d+$/.test(raw)) return <BiSegmentBuilder key={raw} id={Number(raw)} />;
  return <BiSegmentList />;
}

function BiSegmentList() {
  const { status } = useSession();
  const navigate = useNavigate();
  const list = useListQuery<BiSegmentSortField>({ sort: '-updatedAt' });
  const segments = useApiQuery(queryKeys.list('biSegments', list.params), (signal) => listBiSegments(list.params, signal));
  const crud = useCrudActions<BiSegmentRow>({
    invalidates: ['biSegments'],
    deleteItem: (segment) => deleteBiSegment(segment.id),
    deletedMessage: text.deleted,
    confirmMessage: (segment) => text.deleteConfirm(segment.name),
  });
  const create = () => navigate(paths.biSegmentBuilder.href());
  const zoneMinutes = status?.timeZoneMinutes ?? 0;

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
