import { Alert, Stack } from '@mantine/core';
import { reportMessages as text } from './messages';
import { CampaignSummaryLine, TrackingFreshness } from './CampaignReportPage';
import { VariantChart } from './ReportCharts';
import { CampaignReportFrame } from './ReportLayout';
import { KpiCards } from './ReportSections';
import { RecipientTabs } from './RecipientTabs';
import { AbSummary, VariantsTable } from './AbVariants';

/** /abreporttest (spec 2.4): an A/B test's variants side by side, and the winner. */
export default function AbReportPage() {
  return (
    <CampaignReportFrame description={text.abReportIntro}>
      {(report, campaignId) =>
        report.ab ? (
          <Stack>
            <CampaignSummaryLine report={report} />
            <TrackingFreshness report={report} />
            <AbSummary ab={report.ab} />
            <VariantsTable ab={report.ab} campaignId={campaignId} />
            <VariantChart ab={report.ab} />
            <KpiCards report={report} />
            <RecipientTabs campaignId={campaignId} showVariant />
          </Stack>
        ) : (
          <Alert color="yellow" data-testid="ab-not-ab">
            {text.notAbTest}
          </Alert>
        )
      }
    </CampaignReportFrame>
  );
}
