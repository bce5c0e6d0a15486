import { Alert, Anchor, Button, Card, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconChartBar, IconExternalLink, IconMail } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router-dom';
import { queryKeys, useApiQuery } from '../../api/query';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { paths } from '../../config/paths';
import { formatNumber } from '../../lib/format';
import { getEmailReport, getWorkflow, type EmailFigures } from './api';
import { workflowMessages as text } from './messages';
import { WorkflowSelect } from './WorkflowSelect';

const COLUMNS = [
  ['sent', null],
  ['delivered', 'deliveredRate'],
  ['opened', 'openRate'],
  ['clicked', 'clickRate'],
  ['bounced', 'bounceRate'],
  ['unsubscribed', 'unsubscribeRate'],
] as const satisfies readonly (readonly [keyof EmailFigures, keyof EmailFigures | null])[];

function FigureCells({ figures, testId }: { figures: EmailFigures; testId: string }) {
  return (
    <>
      {COLUMNS.map(([count, rate]) => (
        <Table.Td key={count} data-testid={`${testId}-${count}`}>
          {formatNumber(figures[count])}
          {rate && (
            <Text span c="dimmed" size="sm">
              {' '}
              ({figures[rate]}%)
            </Text>
          )}
        </Table.Td>
      ))}
    </>
  );
}

/** /workflowcampaignreport (spec 2.4, a layout page): each email step of a workflow with its sends,
 * deliveries, opens, clicks, bounces and unsubscribes and their rates, and the workflow's total.
 * ?id= names the workflow; the list and the analytics grid link here. */
export default function WorkflowEmailReportPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = searchParams.get('id');
  const workflowId = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  const workflow = useApiQuery(queryKeys.detail('workflows', workflowId), (signal) => getWorkflow(workflowId as number, signal), {
    enabled: workflowId !== null,
    keepPrevious: false,
  });
  const report = useApiQuery(queryKeys.detail('workflows', workflowId, { emailReport: true }), (signal) => getEmailReport(workflowId as number, signal), {
    enabled: workflowId !== null,
    keepPrevious: false,
  });
  const labels: Record<(typeof COLUMNS)[number][0], string> = {
    sent: text.sent,
    delivered: text.delivered,
    opened: text.opened,
    clicked: text.clicked,
    bounced: text.bounced,
    unsubscribed: text.unsubscribed,
  };

  return (
    <Stack>
      <PageHeader
        title={text.reportTitle}
        description={text.reportIntro}
        actions={
          <>
            <Button variant="subtle" component={Link} to={paths.workflowAnalytics.href()} leftSection={<IconChartBar size={16} aria-hidden />}>
              {text.analyticsTitle}
            </Button>
            {workflowId !== null && (
              <Button component={Link} to={paths.workflowBuilder.href(workflowId)} leftSection={<IconExternalLink size={16} aria-hidden />}>
                {text.openBuilder}
              </Button>
            )}
          </>
        }
      />
      <Card withBorder>
        <WorkflowSelect
          value={workflowId}
          onChange={(id) => setSearchParams(id === null ? {} : { id: String(id) })}
          initial={workflow.data}
        />
      </Card>
      {workflowId === null ? (
        <EmptyState icon={<IconMail />} title={text.reportEmpty} testId="report-empty" />
      ) : report.error ? (
        <Alert color="red" title={text.reportFailed} data-testid="report-error">
          {report.error}
        </Alert>
      ) : report.loading || report.data === null ? (
        <Skeleton height={160} data-testid="report-loading" />
      ) : report.data.steps.length === 0 ? (
        <EmptyState
          icon={<IconMail />}
          title={text.reportNoEmails}
          action={
            <Button component={Link} to={paths.workflowBuilder.href(workflowId)}>
              {text.openBuilder}
            </Button>
          }
          testId="report-no-emails"
        />
      ) : (
        <Stack gap="xs">
          <Table.ScrollContainer minWidth={760}>
            <Table striped highlightOnHover data-testid="report-table" horizontalSpacing={8}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{text.emailStep}</Table.Th>
                  <Table.Th>{text.versions}</Table.Th>
                  {COLUMNS.map(([count]) => (
                    <Table.Th key={count}>{labels[count]}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.data.steps.map((step) => (
                  <Table.Tr key={step.stepId} data-testid={`report-step-${step.stepId}`}>
                    <Table.Td>
                      <Anchor component={Link} to={paths.workflowBuilder.href(workflowId)} fw={500}>
                        {step.subject || step.stepId}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{step.versions.length ? step.versions.join(', ') : text.notSentYet}</Table.Td>
                    <FigureCells figures={step} testId={`report-${step.stepId}`} />
                  </Table.Tr>
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr data-testid="report-total">
                  <Table.Th>{text.allEmails}</Table.Th>
                  <Table.Td />
                  <FigureCells figures={report.data.total} testId="report-total" />
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </Table.ScrollContainer>
          <Group>
            <Text c="dimmed" size="sm">
              {text.machineNote(report.data.total.machineOpens, report.data.total.machineClicks)}
            </Text>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
