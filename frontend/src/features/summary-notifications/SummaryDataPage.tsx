import { Alert, Card, Container, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { queryKeys, useApiQuery } from '../../api/query';
import { formatNumber } from '../../lib/format';
import { getSummaryData } from './api';
import { summaryMessages as text } from './messages';
import { wallClock } from './schedule-text';

const FIGURES = ['campaignsSent', 'opens', 'clicks', 'newProfiles', 'formConversions', 'unsubscribes'] as const;
const CRM = ['contracts', 'activity', 'pipelineVisibility', 'activityBySalesPerson', 'proposals', 'meetings'];

/**
 * /external/summaryNotificationData?token=...: a summary's figures for whoever holds the
 * digest's signed, expiring link; no sign-in. Every value is shown as text (React escapes it).
 */
export default function SummaryDataPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const summary = useApiQuery(queryKeys.detail('summaryData', token), (signal) => getSummaryData(token, signal), { enabled: Boolean(token), keepPrevious: false });
  const data = summary.data;
  const crm = data ? CRM.filter((name) => data.crm[name]) : [];

  return (
    <Container size="md" py="xl">
      <Stack>
        <div>
          <Title order={1}>{data?.name ?? text.dataTitle}</Title>
          {data && (
            <Text c="dimmed" size="sm" data-testid="summary-data-period">
              {text.dataIntro(data.clientName, text.periods[data.period])} · {text.periodRange(wallClock(data.periodStart), wallClock(data.periodEnd), data.timeZone)}
            </Text>
          )}
        </div>
        {(!token || summary.error) && (
          <Alert color="red" data-testid="summary-data-error">
            {token ? summary.error : text.invalidLink}
          </Alert>
        )}
        {token && !data && !summary.error && <Skeleton height={220} />}
        {data && (
          <>
            <SimpleGrid cols={{ base: 2, sm: 3 }} data-testid="summary-data-figures">
              {FIGURES.map((name) => (
                <Card key={name} withBorder padding="md">
                  <Text c="dimmed" size="sm">
                    {text.figures[name]}
                  </Text>
                  <Text fz={28} fw={700} data-testid={`summary-data-${name}`}>
                    {formatNumber(data.figures[name])}
                  </Text>
                </Card>
              ))}
            </SimpleGrid>
            <Title order={2} size="h4">
              {text.crmTitle}
            </Title>
            {crm.length > 0 ? (
              <Table>
                <Table.Tbody>
                  {crm.map((name) => (
                    <Table.Tr key={name}>
                      <Table.Th scope="row">{text.crm[name]}</Table.Th>
                      <Table.Td>{data.crm[name]}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            ) : (
              <Text c="dimmed" size="sm" data-testid="summary-data-crm-missing">
                {text.crmMissing}
              </Text>
            )}
          </>
        )}
      </Stack>
    </Container>
  );
}
