import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Card, Group, SimpleGrid, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { queryKeys, useApiQuery } from '../../../api/query';
import { DataTable } from '../../../components/list/DataTable';
import { ListFooter } from '../../../components/list/ListFooter';
import type { PageSize } from '../../../components/list/page-sizes';
import { formatClientDateTime, formatNumber } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { getSurveyAnswers, type SurveyQuestion } from './api';
import { formReportMessages as text } from './messages';

const quiet = { accessibilityLayer: false };

function percent(count: number, of: number): string {
  return of ? `${Math.round((100 * count) / of)}%` : '';
}

/** A choice question (radio, dropdown, checkbox): each option's count, chart and numbers. */
function ChoiceCounts({ question }: { question: SurveyQuestion }) {
  const total = question.choices.reduce((sum, choice) => sum + choice.count, 0);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <div aria-hidden>
        <BarChart
          h={Math.max(120, 36 * question.choices.length)}
          data={question.choices}
          dataKey="value"
          orientation="vertical"
          yAxisProps={{ width: 120 }}
          series={[{ name: 'count', label: text.count, color: 'blue.7' }]}
          withTooltip={false}
          barChartProps={quiet}
        />
      </div>
      <Table data-testid="question-choices">
        <Table.Tbody>
          {question.choices.map((choice) => (
            <Table.Tr key={choice.value}>
              <Table.Th scope="row" style={{ overflowWrap: 'anywhere' }}>
                {choice.value}
              </Table.Th>
              <Table.Td ta="right">{formatNumber(choice.count)}</Table.Td>
              <Table.Td ta="right" c="dimmed">
                {percent(choice.count, total)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </SimpleGrid>
  );
}

/** A free-text question's answers, newest first, a page at a time (what visitors typed: text only). */
function FreeTextAnswers({ formId, question }: { formId: number; question: SurveyQuestion }) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<PageSize>(10);
  const query = { question: question.key, page, pageSize };
  const answers = useApiQuery(queryKeys.list('formReports', { formId, ...query }), (signal) => getSurveyAnswers(formId, query, signal));
  const minutes = useSession().status?.timeZoneMinutes ?? 0;
  return (
    <>
      <DataTable
        testId="question-answers"
        columnCount={2}
        rows={answers.data?.items ?? []}
        loading={answers.loading}
        error={answers.error}
        head={
          <>
            <Table.Th>{text.answer}</Table.Th>
            <Table.Th w={170}>{text.submitted}</Table.Th>
          </>
        }
        renderRow={(row) => (
          <Table.Tr key={row.id}>
            <Table.Td style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>{row.answer}</Table.Td>
            <Table.Td>{formatClientDateTime(row.createdAt, minutes)}</Table.Td>
          </Table.Tr>
        )}
        empty={
          <Text c="dimmed" ta="center">
            {text.noAnswers}
          </Text>
        }
      />
      <ListFooter
        answer={answers.data}
        page={page}
        pageSize={pageSize}
        onPage={setPage}
        onPageSize={(size) => {
          setPageSize(size);
          setPage(1);
        }}
      />
    </>
  );
}

/** One survey question: its label, how many answered, then its counts or its answers. */
export function QuestionCard({ formId, question }: { formId: number; question: SurveyQuestion }) {
  return (
    <Card withBorder padding="md" data-testid="survey-question">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {question.label}
        </Title>
        <Text size="sm" c="dimmed">
          {text.answered}: {formatNumber(question.answered)}
        </Text>
      </Group>
      {question.choices.length > 0 ? <ChoiceCounts question={question} /> : <FreeTextAnswers formId={formId} question={question} />}
    </Card>
  );
}
