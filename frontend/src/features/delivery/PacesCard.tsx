import { Button, Card, Group, Pagination, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { IconGauge, IconPlus, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { DataTable } from '../../components/list/DataTable';
import { SortableTh } from '../../components/list/SortableTh';
import { useCrudActions } from '../../components/list/useCrudActions';
import { queryKeys, useApiQuery, useInvalidate } from '../../api/query';
import { formatClientDateTime, formatNumber } from '../../lib/format';
import { toast } from '../../lib/toast';
import { deleteDeliveryPace, listDeliveryPaces, setDeliveryPace, type DeliveryPace, type DeliveryPaceFields } from './api';
import { deliveryMessages as text } from './messages';
import { PaceModal } from './PaceModal';
import { RowActions } from '../../components/list/RowActions';

const PAGE_SIZE = 10;
type PaceSort = 'domain' | '-domain' | 'perMinute' | '-perMinute';

const rate = (perMinute: number) => (perMinute === 0 ? text.noLimitRate : formatNumber(perMinute));

function sorted(rows: DeliveryPace[], sort: PaceSort): DeliveryPace[] {
  const field = sort.replace('-', '') as 'domain' | 'perMinute';
  const direction = sort.startsWith('-') ? -1 : 1;
  return [...rows].sort((a, b) => (a[field] < b[field] ? -direction : a[field] > b[field] ? direction : 0));
}

/** The client's own delivery rates: a table (search, sort, pages) with add, edit and delete. */
export function PacesCard({ timeZoneMinutes }: { timeZoneMinutes: number }) {
  const paces = useApiQuery(queryKeys.list('deliveryPaces'), (signal) => listDeliveryPaces(signal));
  const [search, setSearch] = useState('');
  const invalidate = useInvalidate();
  const [sort, setSort] = useState<PaceSort>('domain');
  const [page, setPage] = useState(1);
  const crud = useCrudActions<DeliveryPace>({
    invalidates: ['deliveryPaces'],
    deleteItem: (pace) => deleteDeliveryPace(pace.id),
    deletedMessage: text.paceDeleted,
    confirmMessage: (pace) => text.deleteConfirm(pace.domain),
  });

  const rows = useMemo(() => {
    const needle = search.trim().toLowerCase();
    const found = (paces.data?.items ?? []).filter((pace) => pace.domain.includes(needle));
    return sorted(found, sort);
  }, [paces.data, search, sort]);
  const pages = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
  const shown = rows.slice((Math.min(page, pages) - 1) * PAGE_SIZE, Math.min(page, pages) * PAGE_SIZE);
  const toggleSort = (field: string) => setSort((current) => (current === field ? `-${field}` : field) as PaceSort);

  const save = async (fields: DeliveryPaceFields) => {
    await setDeliveryPace(fields);
    toast('success', text.paceSaved);
    void invalidate('deliveryPaces');
  };

  const addButton = (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => crud.setEditing('new')} data-testid="add-pace">
      {text.addPace}
    </Button>
  );
  const hasRows = (paces.data?.items.length ?? 0) > 0;

  return (
    <Card withBorder>
      <Stack>
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={2} size="h4">
              {text.pacesTitle}
            </Title>
            <Text size="sm" c="dimmed">
              {text.pacesIntro}
            </Text>
          </div>
          {addButton}
        </Group>
        {hasRows && (
          <TextInput
            label={text.search}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
            w={300}
            data-testid="pace-search"
          />
        )}
        <DataTable
          testId="paces-table"
          loading={paces.loading}
          error={paces.error}
          columnCount={6}
          head={
            <>
              <SortableTh label={text.domain} field="domain" sort={sort} onSort={toggleSort} />
              <Table.Th>{text.kind}</Table.Th>
              <SortableTh label={text.perMinute} field="perMinute" sort={sort} onSort={toggleSort} />
              <Table.Th>{text.defaultRate}</Table.Th>
              <Table.Th>{text.updated}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{text.actions}</VisuallyHidden>
              </Table.Th>
            </>
          }
          empty={
            hasRows ? (
              <EmptyState icon={<IconSearch />} title={text.noMatches} />
            ) : (
              <EmptyState testId="paces-empty" icon={<IconGauge />} title={text.pacesEmpty} description={text.pacesEmptyHint} />
            )
          }
          rows={shown}
          renderRow={(pace) => (
            <Table.Tr key={pace.id} data-testid={`pace-row-${pace.domain}`}>
              <Table.Td fw={500}>{pace.domain}</Table.Td>
              <Table.Td>{text.kinds[pace.kind] ?? pace.kind}</Table.Td>
              <Table.Td data-testid="pace-rate">{rate(pace.perMinute)}</Table.Td>
              <Table.Td>{rate(pace.defaultPerMinute)}</Table.Td>
              <Table.Td>{formatClientDateTime(pace.updatedAt, timeZoneMinutes)}</Table.Td>
              <Table.Td ta="right">
                <RowActions
                  justify="flex-end"
                  editLabel={text.editRow(pace.domain)}
                  onEdit={() => crud.setEditing(pace)}
                  deleteLabel={text.deleteRow(pace.domain)}
                  onDelete={() => crud.setDeleting(pace)}
                />
              </Table.Td>
            </Table.Tr>
          )}
        />
        {pages > 1 && <Pagination total={pages} value={Math.min(page, pages)} onChange={setPage} />}
      </Stack>
      <PaceModal editing={crud.editing} onSave={save} onClose={() => crud.setEditing(null)} />
      <ConfirmDialog {...crud.confirmProps} title={text.deleteTitle} />
    </Card>
  );
}
