import { ActionIcon, Badge, Button, Container, Group, Menu, Table, Text } from '@mantine/core';
import { IconDots, IconPencil, IconPlus, IconStar, IconTrash, IconUserMinus } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { queryKeys, useApiQuery, useInvalidate } from '../../../api/query';
import { EmptyState } from '../../../components/EmptyState';
import { FeatureGate } from '../../../components/FeatureGate';
import { ListPage } from '../../../components/list/ListPage';
import type { SortField } from '../../../components/list/page-sizes';
import { useCrudActions } from '../../../components/list/useCrudActions';
import { useListQuery } from '../../../components/list/useListQuery';
import { formatClientDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { toastError } from '../../../lib/toast-error';
import { deleteOptOutForm, listOptOutForms, makeDefaultOptOutForm, type OptOutForm, type OptOutFormQuery } from './api';
import { optOutFormMessages as text } from './messages';

type SortBy = SortField<OptOutFormQuery['sort']>;
const OPT_OUTS = 'enableOptOuts';

/** /OptoutForms (spec 2.1): the client's opt-out forms, searched, sorted and paged; the default marked. */
export default function OptOutFormsPage() {
  const list = useListQuery<SortBy>({ sort: 'name' });
  const forms = useApiQuery(queryKeys.list('optOutForms', list.params), (signal) => listOptOutForms(list.params, signal));
  const invalidate = useInvalidate();
  const zone = useSession().status?.timeZoneMinutes ?? 0;
  const crud = useCrudActions<OptOutForm>({
    invalidates: ['optOutForms'],
    deleteItem: (form) => deleteOptOutForm(form.id),
    deletedMessage: text.deleted,
    confirmMessage: (form) => text.deleteConfirm(form.name),
  });

  const makeDefault = async (form: OptOutForm) => {
    try {
      await makeDefaultOptOutForm(form.id);
      toast('success', text.madeDefault);
      void invalidate('optOutForms');
    } catch (error) {
      toastError(error);
    }
  };

  const createButton = (
    <FeatureGate actionType={OPT_OUTS} disable>
      <Button component={Link} to="/OptoutForm/new" leftSection={<IconPlus size={16} />} data-testid="create-optout-form">
        {text.create}
      </Button>
    </FeatureGate>
  );

  return (
    <Container size="xl" py="md">
      <ListPage<OptOutForm, SortBy>
        header={{ title: text.title, description: text.intro, actions: createButton }}
        list={list}
        query={forms}
        search={{ label: text.search, testId: 'optout-search' }}
        testId="optout-forms-table"
        minWidth={700}
        columns={[
          { label: text.name, sort: 'name', width: '35%' },
          { label: text.category },
          { label: text.buttonText },
          { label: text.isDefault, sort: 'default' },
          { label: text.updated, sort: 'updatedAt' },
          { label: text.actions, hideLabel: true, nowrap: true },
        ]}
        empty={<EmptyState icon={<IconUserMinus />} title={text.empty} description={text.emptyHint} action={createButton} />}
        noMatch={<EmptyState icon={<IconUserMinus />} title={text.noMatch} description="" />}
        renderRow={(form) => (
          <Table.Tr key={form.id} data-testid={`optout-row-${form.name}`}>
            <Table.Td>
              <Text component={Link} to={`/OptoutForm/${form.id}`} fw={500} size="sm" c="blue.8">
                {form.name}
              </Text>
              <Text c="dimmed" size="xs" lineClamp={1}>
                {form.heading}
              </Text>
            </Table.Td>
            <Table.Td>{form.categoryName ?? '—'}</Table.Td>
            <Table.Td>{form.buttonText}</Table.Td>
            <Table.Td>{form.isDefault && <Badge color="teal" variant="light">{text.default}</Badge>}</Table.Td>
            <Table.Td>{formatClientDateTime(form.updatedAt, zone)}</Table.Td>
            <Table.Td>
              <Group gap={4} wrap="nowrap" justify="flex-end">
                <ActionIcon variant="subtle" component={Link} to={`/OptoutForm/${form.id}`} aria-label={text.edit(form.name)}>
                  <IconPencil size={18} stroke={1.75} />
                </ActionIcon>
                <FeatureGate actionType={OPT_OUTS}>
                  <Menu position="bottom-end" withinPortal>
                    <Menu.Target>
                      <ActionIcon variant="subtle" aria-label={`${text.actions}: ${form.name}`} data-testid={`optout-menu-${form.name}`}>
                        <IconDots size={18} />
                      </ActionIcon>
                    </Menu.Target>
                    <Menu.Dropdown>
                      <Menu.Item leftSection={<IconStar size={16} />} disabled={form.isDefault} onClick={() => void makeDefault(form)} aria-label={text.makeDefaultOf(form.name)}>
                        {text.makeDefault}
                      </Menu.Item>
                      <Menu.Item
                        leftSection={<IconTrash size={16} />}
                        color="red"
                        disabled={form.isDefault}
                        title={form.isDefault ? text.defaultHint : undefined}
                        onClick={() => crud.setDeleting(form)}
                        aria-label={text.deleteOf(form.name)}
                      >
                        {form.isDefault ? text.defaultHint : text.deleteOf(form.name)}
                      </Menu.Item>
                    </Menu.Dropdown>
                  </Menu>
                </FeatureGate>
              </Group>
            </Table.Td>
          </Table.Tr>
        )}
        confirm={crud.confirmProps}
      />
    </Container>
  );
}
