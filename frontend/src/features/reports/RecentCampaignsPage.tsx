import { Stack, Table } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { DataTable } from '../../components/list/DataTable';
import { queryKeys, useApiQuery } from '../../api/query';
import { getRecentCampaigns } from './api';
import { reportMessages as text } from './messages';
import { PerformanceCells } from './PerformanceReportPage';
import { useRouteTitle } from './ReportLayout';
import { SuperAdminOnly } from './SuperAdminOnly';

const RECENT = 50;

function RecentCampaigns() {
  const title = useRouteTitle();
  const recent = useApiQuery(queryKeys.list('campaignReports', { recent: RECENT }), (signal) => getRecentCampaigns(RECENT, signal));
  return (
    <Stack>
      <PageHeader title={title} description={text.recentIntro} />
      <DataTable
        testId="recent-table"
        highlightOnHover
        loading={recent.loading}
        error={recent.error}
        columnCount={10}
        // Nothing in its rows takes focus, so it must fit rather than scroll (axe:
        // scrollable-region-focusable); its cells wrap instead.
        minWidth={0}
        head={
          <>
            <Table.Th>{text.client}</Table.Th>
            <Table.Th>{text.campaign}</Table.Th>
            <Table.Th>{text.status}</Table.Th>
            <Table.Th>{text.started}</Table.Th>
            <Table.Th>{text.recipients}</Table.Th>
            <Table.Th>{text.sent}</Table.Th>
            <Table.Th>{text.uniqueOpens}</Table.Th>
            <Table.Th>{text.uniqueClicks}</Table.Th>
            <Table.Th>{text.hardBounces}</Table.Th>
            <Table.Th>{text.unsubscribes}</Table.Th>
          </>
        }
        empty={<EmptyState icon={<IconMail />} title={text.recentEmpty} testId="recent-empty" />}
        rows={recent.data?.items ?? []}
        renderRow={(row) => (
          <Table.Tr key={`${row.clientId}-${row.campaignId}`} data-testid={`recent-row-${row.clientId}-${row.campaignId}`}>
            <PerformanceCells row={row} />
          </Table.Tr>
        )}
      />
    </Stack>
  );
}

/** The Email DashBoard (spec 2.2 /recentcampaigns, super-admin): the latest campaigns of every client. */
export default function RecentCampaignsPage() {
  return (
    <SuperAdminOnly>
      <RecentCampaigns />
    </SuperAdminOnly>
  );
}
