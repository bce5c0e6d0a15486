import { Card, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { StatusBadge } from '../../components/StatusBadge';
import { clientTime } from './format';
import { reportMessages as text } from './messages';
import { CampaignReportFrame } from './ReportLayout';
import { KpiCards } from './ReportSections';

/** /campaignDetails (spec 2.4, full page): the campaign's settings and its headline figures. */
export default function CampaignDetailsPage() {
  return (
    <CampaignReportFrame description={text.detailsIntro}>
      {(report) => {
        const { campaign } = report;
        const rows: [string, React.ReactNode][] = [
          [text.status, <StatusBadge key="status" family="campaign" status={campaign.status} />],
          [text.type, campaign.type],
          [text.subject, campaign.subject],
          [text.from, `${campaign.fromName} <${campaign.fromAddress}>`],
          [text.scheduled, clientTime(campaign.scheduledAt) || '—'],
          [text.started, clientTime(campaign.startedAt) || '—'],
          [text.recipientZone, campaign.sendInRecipientZone ? '✓' : '—'],
        ];
        return (
          <Stack>
            <Card withBorder padding="md" data-testid="campaign-details">
              <Table>
                <Table.Tbody>
                  {rows.map(([label, value]) => (
                    <Table.Tr key={label}>
                      <Table.Th scope="row" w={220}>
                        {label}
                      </Table.Th>
                      <Table.Td>{value}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              {campaign.statusMessage ? (
                <Text size="sm" c="dimmed" mt="xs">
                  {campaign.statusMessage}
                </Text>
              ) : null}
            </Card>
            <SimpleGrid cols={1}>
              <KpiCards report={report} />
            </SimpleGrid>
          </Stack>
        );
      }}
    </CampaignReportFrame>
  );
}
