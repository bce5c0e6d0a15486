import { Alert, Button, Container, Skeleton, Stack, Text } from '@mantine/core';
import { IconChartBar, IconForms } from '@tabler/icons-react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { queryKeys, useApiQuery } from '../../../api/query';
import { EmptyState } from '../../../components/EmptyState';
import { PageHeader } from '../../../components/PageHeader';
import { paths } from '../../../config/paths';
import { findRoute } from '../../../config/routes';
import { formatNumber } from '../../../lib/format';
import { getSurveyReport } from './api';
import { formReportMessages as text } from './messages';
import { QuestionCard } from './QuestionCard';
import { ShareCard } from './ShareCard';

/** /surveyFormReport?formId=N (spec 2.4, a full page): each question of a survey form with its
 * answer counts (choices) or its answers a page at a time (free text), and the share toggle
 * that makes the read-only public report (/external/dynamicformreport). */
export default function SurveyReportPage() {
  const [params] = useSearchParams();
  const raw = params.get('formId');
  const formId = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  const title = findRoute(useLocation().pathname)?.title ?? '';
  const report = useApiQuery(queryKeys.detail('formReports', formId, { survey: true }), (signal) => getSurveyReport(formId as number, signal), {
    enabled: formId !== null,
  });
  const data = report.data;
  return (
    <Container size="lg" py="md">
      <Stack>
        <PageHeader
          title={data ? `${title}: ${data.formName}` : title}
          description={text.surveyIntro}
          actions={
            formId !== null && (
              <Button variant="subtle" component={Link} to={paths.formConversions.href('surveyForm', formId)} leftSection={<IconChartBar size={16} aria-hidden />}>
                {findRoute(paths.formConversions.href('surveyForm', formId))?.title}
              </Button>
            )
          }
        />
        {formId === null ? (
          <EmptyState icon={<IconForms />} title={text.noForm} description={text.noFormHint} testId="survey-no-form" />
        ) : report.error ? (
          <Alert color="red">{report.error}</Alert>
        ) : report.loading || !data ? (
          <Stack data-testid="survey-loading">
            <Skeleton h={90} />
            <Skeleton h={220} />
          </Stack>
        ) : (
          <>
            <ShareCard report={data} />
            <Text data-testid="survey-respondents">
              {text.respondents}: <b>{formatNumber(data.respondents)}</b>
            </Text>
            {data.questions.length === 0 ? (
              <EmptyState icon={<IconForms />} title={text.noQuestions} description={text.noQuestionsHint} />
            ) : (
              data.questions.map((question) => <QuestionCard key={question.key} formId={data.formId} question={question} />)
            )}
          </>
        )}
      </Stack>
    </Container>
  );
}
