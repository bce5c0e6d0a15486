import { Anchor, Badge, Button, Group, Table, Tabs } from '@mantine/core';
import { IconPlus, IconSearch, IconShoppingCart } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { queryKeys, useApiQuery } from '../../api/query';
import { EmptyState } from '../../components/EmptyState';
import { StatusBadge } from '../../components/StatusBadge';
import { ListPage } from '../../components/list/ListPage';
import { useCrudActions } from '../../components/list/useCrudActions';
import { useListQuery } from '../../components/list/useListQuery';
import { href } from '../../config/paths';
import { formatClientDateTime } from '../../lib/format';
import { useSession } from '../../lib/session';
import { deleteCheckoutForm, listCheckoutForms, type CheckoutForm, type CheckoutFormSortField, type CheckoutKind } from './api';
import { CheckoutFormRowActions } from './CheckoutFormRowActions';
import { commerceMessages as text, kinds } from './messages';
import { OrdersTable } from './OrdersTable';
import { SubscriptionsTable } from './SubscriptionsTable';

/** /checkoutForms and /checkoutForms-order (spec 2.4): the client's forms of one kind, and what they sold. */
export function CheckoutFormListPage({ kind }: { kind: CheckoutKind }) {
  const [tab, setTab] = useState<string | null>('forms');
  const words = kinds[kind];
  return (
    <Tabs value={tab} onChange={setTab}>
      <Tabs.List aria-label={words.listTitle} mb="md">
        <Tabs.Tab value="forms" data-testid="commerce-tab-forms">
          {text.formsTab}
        </Tabs.Tab>
        <Tabs.Tab value="sales" data-testid="commerce-tab-sales">
          {words.salesTab}
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="forms">{tab === 'forms' && <FormsList kind={kind} />}</Tabs.Panel>
      <Tabs.Panel value="sales">{tab === 'sales' && (kind === 'subscription' ? <SubscriptionsTable /> : <OrdersTable />)}</Tabs.Panel>
    </Tabs>
  );
}

function FormsList({ kind }: { kind: CheckoutKind }) {
  const zone = useSession().status?.timeZoneMinutes ?? 0;
  const words = kinds[kind];
  const list = useListQuery<CheckoutFormSortField>({ sort: '-updatedAt' });
  const params = { ...list.params, kind };
  const forms = useApiQuery(queryKeys.list('checkoutForms', params), (signal) => listCheckoutForms(params, signal));
  const crud = useCrudActions<CheckoutForm>({
    invalidates: ['checkoutForms'],
    deleteItem: (form) => deleteCheckoutForm(form.id),
    deletedMessage: text.deleted,
    confirmMessage: (form) => text.deleteConfirm(form.name),
  });
  const create = (testId: string) => (
    <Button component={Link} to={href(words.builderPath)} leftSection={<IconPlus size={16} aria-hidden />} data-testid={testId}>
      {words.create}
    </Button>
  );
  return (
    <ListPage
      header={{ title: words.listTitle, description: words.listIntro, actions: create('create-checkout-form') }}
      list={list}
      query={forms}
      search={{ label: text.search, testId: 'checkout-form-search' }}
      testId="checkout-forms-table"
      minWidth={720}
      columns={[
        { label: text.name, sort: 'name', width: '40%' },
        { label: text.status },
        { label: text.plans },
        { label: text.updated, sort: 'updatedAt' },
        { label: text.actions, hideLabel: true, nowrap: true },
      ]}
      noMatch={<EmptyState icon={<IconSearch />} title={text.noMatches} description={text.noMatchesHint} testId="checkout-forms-no-match" />}
      empty={<EmptyState icon={<IconShoppingCart />} title={words.empty} description={words.emptyHint} testId="checkout-forms-empty" action={create('create-first-checkout-form')} />}
      renderRow={(form) => (
        <Table.Tr key={form.id} data-testid={`checkout-form-row-${form.id}`}>
          <Table.Td>
            <Anchor component={Link} to={href(words.builderPath, { query: { id: form.id } })} fw={500}>
              {form.name}
            </Anchor>
          </Table.Td>
          <Table.Td>
            <StatusBadge family="checkoutForm" status={form.status} />
          </Table.Td>
          <Table.Td>
            <Group gap={4}>
              <Badge variant="outline" color="gray">
                {form.planIds.length}
              </Badge>
            </Group>
          </Table.Td>
          <Table.Td>{formatClientDateTime(form.updatedAt, zone)}</Table.Td>
          <Table.Td>
            <CheckoutFormRowActions form={form} onDelete={() => crud.setDeleting(form)} />
          </Table.Td>
        </Table.Tr>
      )}
      confirm={{ ...crud.confirmProps, title: text.deleteTitle }}
    />
  );
}
