import { Anchor, Button, Group, Table, Tabs, Tooltip } from '@mantine/core';
import { IconForms, IconLock, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { queryKeys, useApiQuery } from '../../api/query';
import { EmptyState } from '../../components/EmptyState';
import { StatusBadge } from '../../components/StatusBadge';
import { ListPage } from '../../components/list/ListPage';
import { useCrudActions } from '../../components/list/useCrudActions';
import { useListQuery } from '../../components/list/useListQuery';
import { paths } from '../../config/paths';
import { formatClientDateTime, formatNumber } from '../../lib/format';
import { useSession } from '../../lib/session';
import { deleteForm, listForms, type FormRow, type FormSortField, type FormType } from './api';
import { CreateFormDialog } from './CreateFormDialog';
import { FormRowActions } from './FormRowActions';
import { formMessages as text, formTypes } from './messages';

const ALL = 'all';

/** Forms (spec 2.1 /forms): the client's forms of every type, searched, sorted and paged; create, edit and their lifecycle. */
export default function FormListPage() {
  const zone = useSession().status?.timeZoneMinutes ?? 0;
  const list = useListQuery<FormSortField, { type?: FormType }>({ sort: '-updatedAt' });
  const forms = useApiQuery(queryKeys.list('forms', list.params), (signal) => listForms(list.params, signal));
  const [creating, setCreating] = useState(false);
  const crud = useCrudActions<FormRow>({
    invalidates: ['forms'],
    deleteItem: (form) => deleteForm(form.id),
    deletedMessage: text.deleted,
    confirmMessage: (form) => text.deleteConfirm(form.name),
  });
  const create = (testId: string) => (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)} data-testid={testId}>
      {text.createForm}
    </Button>
  );

  return (
    <ListPage
      header={{ title: text.listTitle, description: text.listIntro, actions: create('create-form') }}
      list={list}
      query={forms}
      search={{ label: text.search, testId: 'form-search' }}
      above={
        <Tabs value={list.filters.type ?? ALL} onChange={(value) => list.setFilter('type', value === ALL ? undefined : (value as FormType))}>
          <Tabs.List aria-label={text.typeFilter}>
            <Tabs.Tab value={ALL} data-testid="form-type-all">
              {text.allTypes}
            </Tabs.Tab>
            {(Object.keys(formTypes) as FormType[]).map((type) => (
              <Tabs.Tab key={type} value={type} data-testid={`form-type-${type}`}>
                {formTypes[type].label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
      }
      filtered={Boolean(list.filters.type)}
      testId="forms-table"
      minWidth={720}
      columns={[
        { label: text.name, sort: 'name', width: '34%' },
        { label: text.type, sort: 'type' },
        { label: text.status, sort: 'status' },
        { label: text.submissions, sort: 'submissions' },
        { label: text.updated, sort: 'updatedAt' },
        { label: text.actions, hideLabel: true, nowrap: true },
      ]}
      noMatch={<EmptyState icon={<IconSearch />} title={text.noMatches} description={text.noMatchesHint} testId="forms-no-match" />}
      empty={<EmptyState icon={<IconForms />} title={text.empty} description={text.emptyHint} testId="forms-empty" action={create('create-first-form')} />}
      renderRow={(form) => (
        <Table.Tr key={form.id} data-testid={`form-row-${form.id}`}>
          <Table.Td>
            <Group gap={6} wrap="nowrap">
              <Anchor component={Link} to={paths.formBuilder.href(form.formType, form.id)} fw={500}>
                {form.name}
              </Anchor>
              {form.locked && (
                <Tooltip label={text.lockedBy(form.createdByEmail)}>
                  <IconLock size={16} aria-label={text.lockedBy(form.createdByEmail)} data-testid={`form-locked-${form.id}`} />
                </Tooltip>
              )}
            </Group>
          </Table.Td>
          <Table.Td>{formTypes[form.formType].label}</Table.Td>
          <Table.Td>
            <StatusBadge family="form" status={form.status} />
          </Table.Td>
          <Table.Td data-testid={`form-submissions-${form.id}`}>{formatNumber(form.submissionCount)}</Table.Td>
          <Table.Td>{formatClientDateTime(form.updatedAt, zone)}</Table.Td>
          <Table.Td>
            <FormRowActions form={form} onDelete={() => crud.setDeleting(form)} />
          </Table.Td>
        </Table.Tr>
      )}
      confirm={{ ...crud.confirmProps, title: text.deleteTitle }}
    >
      <CreateFormDialog opened={creating} onClose={() => setCreating(false)} />
    </ListPage>
  );
}
