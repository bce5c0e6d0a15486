import { Alert, Button, Skeleton, SimpleGrid, Stack } from '@mantine/core';
import { IconChartBar, IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { findRoute } from '../../config/routes';
import type { CampaignReport } from './api';
import { reportMessages as text } from './messages';
import { useCampaignReport } from './useCampaignReport';

/** The route's own title (the spec's wording, from the route table). */
export function useRouteTitle(): string {
  const { pathname } = useLocation();
  return findRoute(pathname)?.title ?? '';
}

export function ReportSkeleton() {
  return (
    <Stack data-testid="report-loading">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }}>
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} h={92} />
        ))}
      </SimpleGrid>
      <Skeleton h={260} />
      <Skeleton h={260} />
    </Stack>
  );
}

export const backToCampaigns = (
  <Button component={Link} to="/campaignListView" variant="subtle" leftSection={<IconArrowLeft size={16} aria-hidden />}>
    {text.backToCampaigns}
  </Button>
);

/**
 * A screen about one campaign (`?campaignId=`): its header, then what `children` draws from
 * the report once loaded; a skeleton while loading, an empty state without a campaign.
 */
export function CampaignReportFrame({ description, children }: { description: string; children: (report: CampaignReport, campaignId: number) => ReactNode }) {
  const title = useRouteTitle();
  const { campaignId, report } = useCampaignReport();
  const name = report.data?.campaign.name;
  return (
    <Stack>
      <PageHeader title={name ? `${title}: ${name}` : title} description={description} actions={backToCampaigns} />
      {campaignId === null ? (
        <EmptyState icon={<IconChartBar />} title={text.noCampaign} description={text.noCampaignHint} testId="report-no-campaign" />
      ) : report.error ? (
        <Alert color="red" data-testid="report-error">
          {report.error}
        </Alert>
      ) : report.loading || !report.data ? (
        <ReportSkeleton />
      ) : (
        children(report.data, campaignId)
      )}
    </Stack>
  );
}
