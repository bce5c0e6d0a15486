import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { EmptyState } from '../../components/EmptyState';
import { StatusBadge } from '../../components/StatusBadge';
import type { CampaignReport } from './api';
import { clientTime } from './format';
import { reportMessages as text } from './messages';
import { DeliveryFunnel, OpensClicksTimeline } from './ReportCharts';
import { CampaignReportFrame } from './ReportLayout';
import { BounceReasonsCard, HourlyTable, KpiCards, LinksTable, MachineCard, ResendsCard } from './ReportSections';
import { RecipientTabs } from './RecipientTabs';

export function CampaignSummaryLine({ report }: { report: CampaignReport }) {
  const { campaign } = report;
  return (
    <Group gap="md" data-testid="report-summary">
      <StatusBadge family="campaign" status={campaign.status} />
      <Text size="sm">
        {text.subject}: {campaign.subject}
      </Text>
      <Text size="sm" c="dimmed">
        {text.started}: {clientTime(campaign.startedAt) || '—'}
      </Text>
      <Text size="sm" c="dimmed">
        {text.generatedAt} {clientTime(report.generatedAt)}
      </Text>
    </Group>
  );
}

/** The whole report of a campaign that has started sending. */
export function CampaignReportBody({ report, campaignId }: { report: CampaignReport; campaignId: number }) {
  if (report.recipients === 0) {
    return <EmptyState icon={<IconSend />} title={text.notSentYet} description={text.notSentYetHint} testId="report-not-sent" />;
  }
  return (
    <Stack>
      <CampaignSummaryLine report={report} />
      <KpiCards report={report} />
      <DeliveryFunnel report={report} />
      <BounceReasonsCard report={report} />
      <OpensClicksTimeline timeline={report.timeline} />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <MachineCard report={report} />
        <ResendsCard report={report} />
      </SimpleGrid>
      <LinksTable report={report} />
      <HourlyTable report={report} />
      <RecipientTabs campaignId={campaignId} showVariant={report.ab !== null} />
    </Stack>
  );
}

/** /regularcampaignreport and /emailcampaignreport (spec 2.4): one campaign's report. */
export default function CampaignReportPage() {
  return <CampaignReportFrame description={text.campaignReportIntro}>{(report, id) => <CampaignReportBody report={report} campaignId={id} />}</CampaignReportFrame>;
}
