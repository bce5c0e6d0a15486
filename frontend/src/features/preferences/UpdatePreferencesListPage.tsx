import { Alert, Badge, Button, Container, Paper, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconAdjustments, IconPencil } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { listUpdatePreferences } from '../../api/preferences';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { queryKeys, useApiQuery } from '../../api/query';
import { formatClientDateTime } from '../../lib/format';
import { useSession } from '../../lib/session';
import { updatePreferencesMessages as text } from './messages';

/** The client's update-preferences pages (spec 2.4 updatePreferencesList): the default one until the forms builders add more. */
export default function UpdatePreferencesListPage() {
  const pages = useApiQuery(queryKeys.list('updatePreferences'), (signal) => listUpdatePreferences(signal));
  const { status } = useSession();
  const rows = pages.data?.items ?? [];
  return (
    <Container size="md" py="md">
      <Stack>
        <PageHeader title={text.listTitle} description={text.listIntro} />
        {pages.error && <Alert color="red">{pages.error}</Alert>}
        {pages.loading && !pages.data ? (
          <Skeleton height={120} />
        ) : rows.length === 0 ? (
          <EmptyState icon={<IconAdjustments size={24} />} title={text.empty} />
        ) : (
          <Paper withBorder>
            <Table stickyHeader verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{text.name}</Table.Th>
                  <Table.Th>{text.groups}</Table.Th>
                  <Table.Th>{text.updatedColumn}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{text.edit}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td>
                      <Text span fw={500}>
                        {row.name}
                      </Text>{' '}
                      {row.isDefault && (
                        <Badge color="blue" variant="light" ml="xs">
                          {text.isDefault}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>{row.groups.map((group) => group.name).join(', ')}</Table.Td>
                    <Table.Td>{formatClientDateTime(row.updatedAt, status?.timeZoneMinutes ?? 0)}</Table.Td>
                    <Table.Td ta="right">
                      <Button component={Link} to={`/updatePreferences/${row.id}`} variant="subtle" size="xs" leftSection={<IconPencil size={14} aria-hidden />} aria-label={`${text.edit} ${row.name}`}>
                        {text.edit}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        )}
      </Stack>
    </Container>
  );
}
