import { Alert, Container, SegmentedControl, Table, Text } from '@mantine/core';
import { IconLock, IconRoute } from '@tabler/icons-react';
import { useState } from 'react';
import { api, call } from '../../api/client';
import { queryKeys, useApiQuery } from '../../api/query';
import type { ResponseOf } from '../../api/types';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { DataTable } from '../../components/list/DataTable';
import { canSeeFeature } from '../../components/FeatureGate';
import { formatNumber } from '../../lib/format';
import { messages } from '../../lib/messages';
import { useSession } from '../../lib/session';
import { reportMessages as text } from './messages';

type DashboardRow = ResponseOf<'/api/mm/enrollmentDashboard', 'get'>['items'][number];

const WINDOWS = [
  { value: '1', label: text.today },
  { value: '7', label: text.lastDays(7) },
  { value: '30', label: text.lastDays(30) },
  { value: 'all', label: text.allTime },
];
const COUNTS = ['entered', 'inProcess', 'completed', 'dropped', 'terminated', 'failed'] as const;

function loadDashboard(days: string, signal: AbortSignal) {
  const query = days === 'all' ? {} : { days: Number(days) };
  return call(api.GET('/api/mm/enrollmentDashboard', { params: { query }, signal }));
}

/** /enrollmentDashboard (super-admins, spec 2.2): every client's workflows and enrollments. */
export default function EnrollmentDashboardPage() {
  const { access } = useSession();
  if (!canSeeFeature(access, undefined, false, true)) {
    // Everyone else gets the gated-content message (the API answers them 403 anyway).
    return (
      <Container size="xl" py="md">
        <Alert color="red" icon={<IconLock size={18} aria-hidden />} title={messages.accessDeniedTitle} data-testid="super-admin-denied">
          {messages.adminOnly}
        </Alert>
      </Container>
    );
  }
  return <EnrollmentDashboard />;
}

function EnrollmentDashboard() {
  const [days, setDays] = useState('30');
  const dashboard = useApiQuery(queryKeys.list('enrollmentDashboard', { days }), (signal) => loadDashboard(days, signal));
  const rows = dashboard.data?.items ?? [];
  const totals = COUNTS.map((name) => rows.reduce((sum, row) => sum + row[name], 0));

  return (
    <Container size="xl" py="md">
      <PageHeader title={text.dashboardTitle} description={text.dashboardIntro} />
      <SegmentedControl my="md" aria-label={text.window} value={days} onChange={setDays} data={WINDOWS} data-testid="dashboard-window" />
      <DataTable<DashboardRow>
        testId="enrollment-dashboard"
        highlightOnHover
        loading={dashboard.loading}
        error={dashboard.error}
        columnCount={3 + COUNTS.length}
        minWidth={900}
        head={[text.client, text.workflows, text.published, ...COUNTS.map((name) => text.counts[name])].map((label) => (
          <Table.Th key={label}>{label}</Table.Th>
        ))}
        empty={<EmptyState icon={<IconRoute />} title={text.dashboardEmpty} />}
        rows={rows}
        renderRow={(row) => (
          <Table.Tr key={row.clientId} data-testid={`dashboard-row-${row.clientName}`}>
            <Table.Td>
              <Text fw={500} size="sm">
                {row.clientName}
              </Text>
            </Table.Td>
            <Table.Td>{formatNumber(row.workflows)}</Table.Td>
            <Table.Td>{formatNumber(row.published)}</Table.Td>
            {COUNTS.map((name) => (
              <Table.Td key={name} data-testid={`dashboard-${name}`}>
                {formatNumber(row[name])}
              </Table.Td>
            ))}
          </Table.Tr>
        )}
      />
      {rows.length > 0 && (
        <Text size="sm" c="dimmed" mt="xs" data-testid="dashboard-totals">
          {text.totals(rows.length, COUNTS.map((name, index) => `${text.counts[name]} ${formatNumber(totals[index])}`).join(' · '))}
        </Text>
      )}
    </Container>
  );
}
