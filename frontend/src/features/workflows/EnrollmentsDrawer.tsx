import { Anchor, Drawer, Select, Stack, Table } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { queryKeys, useApiQuery } from '../../api/query';
import { EmptyState } from '../../components/EmptyState';
import { StatusBadge } from '../../components/StatusBadge';
import { DataTable } from '../../components/list/DataTable';
import { ListFooter } from '../../components/list/ListFooter';
import type { PageSize } from '../../components/list/page-sizes';
import { statusLooks } from '../../config/statuses';
import { formatClientDateTime } from '../../lib/format';
import { useSession } from '../../lib/session';
import { listEnrollments, type Enrollment, type EnrollmentQuery, type Workflow } from './api';
import { fromJson } from './builder/graph';
import { EnrollmentHistory } from './EnrollmentHistory';
import { stepLabels, workflowMessages as text } from './messages';

type HistoryStatus = NonNullable<EnrollmentQuery['status']>;

/** A workflow's enrollments (who is in it, where, since when); choosing one shows its history with resume and terminate. */
export function EnrollmentsDrawer({ workflow, opened, onClose }: { workflow: Workflow; opened: boolean; onClose: () => void }) {
  const zone = useSession().status?.timeZoneMinutes ?? 0;
  const [status, setStatus] = useState<HistoryStatus | null>(null);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<PageSize>(10);
  const [chosen, setChosen] = useState<Enrollment | null>(null);
  const query: EnrollmentQuery = { page, pageSize, ...(status ? { status } : {}) };
  const enrollments = useApiQuery(queryKeys.list('enrollments', { workflow: workflow.id, ...query }), (signal) => listEnrollments(workflow.id, query, signal), { enabled: opened });
  const stepNames = useMemo(() => {
    const definition = fromJson(workflow.definition);
    return Object.fromEntries(definition.steps.map((step) => [step.id, `${stepLabels[step.type]} (${step.id})`]));
  }, [workflow.definition]);
  const current = chosen ? (enrollments.data?.items.find((item) => item.id === chosen.id) ?? chosen) : null;

  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="lg" title={text.enrollmentsTitle(workflow.name)}>
      <Stack>
        <Select
          label={text.status}
          placeholder="All"
          clearable
          w={200}
          data={Object.entries(statusLooks.enrollment).map(([value, look]) => ({ value, label: look.label }))}
          value={status}
          onChange={(value) => {
            setStatus(value as HistoryStatus | null);
            setPage(1);
          }}
        />
        <DataTable
          testId="enrollments-table"
          loading={enrollments.loading}
          error={enrollments.error}
          columnCount={4}
          minWidth={480}
          head={
            <>
              <Table.Th>{text.profile}</Table.Th>
              <Table.Th>{text.status}</Table.Th>
              <Table.Th>{text.currentStep}</Table.Th>
              <Table.Th>{text.enrolledAt}</Table.Th>
            </>
          }
          empty={<EmptyState icon={<IconUsers />} title={text.enrollmentsEmpty} testId="enrollments-empty" />}
          rows={enrollments.data?.items ?? []}
          renderRow={(enrollment) => (
            <Table.Tr key={enrollment.id} data-testid={`enrollment-row-${enrollment.id}`}>
              <Table.Td>
                <Anchor component="button" type="button" size="sm" onClick={() => setChosen(enrollment)}>
                  {enrollment.profileEmail || `#${enrollment.profileId}`}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <StatusBadge family="enrollment" status={enrollment.status} />
              </Table.Td>
              <Table.Td>{stepNames[enrollment.stepId] ?? enrollment.stepId}</Table.Td>
              <Table.Td>{formatClientDateTime(enrollment.enrolledAt, zone)}</Table.Td>
            </Table.Tr>
          )}
        />
        <ListFooter answer={enrollments.data} page={page} pageSize={pageSize} onPage={setPage} onPageSize={(size) => { setPageSize(size); setPage(1); }} />
        {current ? <EnrollmentHistory key={current.id} enrollment={current} stepNames={stepNames} /> : null}
      </Stack>
    </Drawer>
  );
}
