import { Alert, Button, Group, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { IconChartBar, IconDownload, IconListDetails, IconUserShare } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { queryKeys, useApiQuery } from '../../../api/query';
import { EmptyState } from '../../../components/EmptyState';
import { PageHeader } from '../../../components/PageHeader';
import { paths } from '../../../config/paths';
import { findRoute } from '../../../config/routes';
import { useCsvExportJob } from '../../../lib/use-csv-export-job';
import { toastError } from '../../../lib/toast-error';
import { exportSubmissions, getConversions } from './api';
import { ConversionsByDay, ConversionTotals } from './ConversionCharts';
import { CopyToCrmDialog } from './CopyToCrmDialog';
import { formReportMessages as text } from './messages';
import { SourcePageTable } from './SourcePageTable';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** /formConversions/:type/:formId/:checkoutID (spec 2.4, a layout page): a form's views,
 * submissions and confirmed submissions by day of the client's calendar and by source page,
 * over a range of days (the last 30 until one is chosen); its submissions exportable as CSV. */
export default function FormConversionsPage() {
  const { formId: rawId } = useParams();
  const title = findRoute(useLocation().pathname)?.title ?? '';
  const formId = rawId && /^\d+$/.test(rawId) && rawId !== '0' ? Number(rawId) : null;
  const [range, setRange] = useState({ dateFrom: '', dateTo: '' });
  const [crmOpen, setCrmOpen] = useState(false);
  const query = {
    ...(DATE.test(range.dateFrom) ? { dateFrom: range.dateFrom } : {}),
    ...(DATE.test(range.dateTo) ? { dateTo: range.dateTo } : {}),
  };
  const report = useApiQuery(queryKeys.detail('formReports', formId, { conversions: query }), (signal) => getConversions(formId as number, query, signal), {
    enabled: formId !== null,
  });
  const exporter = useCsvExportJob({
    startJob: () => exportSubmissions(formId as number),
    fileName: 'form-submissions.csv',
    text,
    onStartError: toastError,
  });
  const data = report.data;
  const zone = data?.timeZone ?? '';
  return (
    <Stack>
      <PageHeader
        title={data ? `${title}: ${data.formName}` : title}
        description={text.conversionsIntro}
        actions={
          formId !== null && (
            <>
              {data?.formType === 'surveyForm' && (
                <Button variant="subtle" component={Link} to={paths.surveyFormReport.href(formId)} leftSection={<IconListDetails size={16} aria-hidden />}>
                  {text.surveyReport}
                </Button>
              )}
              <Button variant="subtle" leftSection={<IconUserShare size={16} aria-hidden />} onClick={() => setCrmOpen(true)} data-testid="copy-to-crm">
                {text.copyToCrm}
              </Button>
              <Button leftSection={<IconDownload size={16} aria-hidden />} loading={exporter.busy} onClick={() => void exporter.start()} data-testid="export-submissions">
                {text.exportSubmissions}
              </Button>
            </>
          )
        }
      />
      {formId !== null && <CopyToCrmDialog formId={formId} opened={crmOpen} onClose={() => setCrmOpen(false)} />}
      {formId === null ? (
        <EmptyState icon={<IconChartBar />} title={text.noForm} description={text.noFormHint} testId="conversions-no-form" />
      ) : (
        <>
          <Group align="flex-end">
            <TextInput
              type="date"
              label={`${text.from}${zone ? ` (${zone})` : ''}`}
              value={range.dateFrom || (data?.dateFrom ?? '')}
              max={range.dateTo || data?.dateTo}
              onChange={(event) => setRange((current) => ({ ...current, dateFrom: event.currentTarget.value }))}
              w={200}
              data-testid="conversions-date-from"
            />
            <TextInput
              type="date"
              label={`${text.to}${zone ? ` (${zone})` : ''}`}
              value={range.dateTo || (data?.dateTo ?? '')}
              min={range.dateFrom || data?.dateFrom}
              onChange={(event) => setRange((current) => ({ ...current, dateTo: event.currentTarget.value }))}
              w={200}
              data-testid="conversions-date-to"
            />
            {zone && (
              <Text size="sm" c="dimmed" pb={8}>
                {text.zoneNote(zone)}
              </Text>
            )}
          </Group>
          {report.error ? (
            <Alert color="red" data-testid="conversions-error">
              {report.error}
            </Alert>
          ) : report.loading || !data ? (
            <Stack data-testid="conversions-loading">
              <Skeleton h={80} />
              <Skeleton h={280} />
              <Skeleton h={240} />
            </Stack>
          ) : (
            <>
              <ConversionTotals totals={data.totals} />
              <ConversionsByDay days={data.days} />
              <SourcePageTable pages={data.pages} />
            </>
          )}
        </>
      )}
    </Stack>
  );
}
