import { Alert, Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { formatNumber } from '../../lib/format';
import { percent } from './format';
import { reportMessages as text } from './messages';
import { VariantChart } from './ReportCharts';
import { CampaignReportFrame } from './ReportLayout';
import { AbSummary } from './AbVariants';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Card withBorder padding="sm">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={24} fw={700}>
        {value}
      </Text>
    </Card>
  );
}

/** /abinnerreport (spec 2.4): one variant's figures (`?campaignId=&variant=`) against the test. */
export default function AbInnerReportPage() {
  const [params] = useSearchParams();
  const name = params.get('variant') ?? '';
  return (
    <CampaignReportFrame description={text.abInnerIntro}>
      {(report) => {
        const variant = report.ab?.variants.find((v) => v.name === name);
        if (!report.ab) return <Alert color="yellow">{text.notAbTest}</Alert>;
        if (!variant) return <Alert color="yellow">{text.variantUnknown}</Alert>;
        return (
          <Stack data-testid="ab-inner">
            <AbSummary ab={report.ab} />
            <Text fw={600}>
              {text.variant} {variant.name}
              {variant.subject ? ` · ${variant.subject}` : ''}
            </Text>
            <SimpleGrid cols={{ base: 2, md: 5 }}>
              <Figure label={text.recipients} value={formatNumber(variant.recipients)} />
              <Figure label={text.delivered} value={formatNumber(variant.delivered)} />
              <Figure label={text.uniqueOpens} value={formatNumber(variant.uniqueOpens)} />
              <Figure label={text.openRate} value={percent(variant.openRate)} />
              <Figure label={text.clickRate} value={percent(variant.clickRate)} />
            </SimpleGrid>
            <VariantChart ab={report.ab} />
          </Stack>
        );
      }}
    </CampaignReportFrame>
  );
}
