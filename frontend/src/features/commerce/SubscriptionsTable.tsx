import { Button, Table } from '@mantine/core';
import { IconCreditCard, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { queryKeys, useApiMutation, useApiQuery } from '../../api/query';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { StatusBadge } from '../../components/StatusBadge';
import { ListPage } from '../../components/list/ListPage';
import { useListQuery } from '../../components/list/useListQuery';
import { formatClientDateTime } from '../../lib/format';
import { useSession } from '../../lib/session';
import { cancelSubscription, listSubscriptions, type Subscription } from './api';
import { commerceMessages as text } from './messages';

/** The client's subscriptions, newest first; admins cancel one (Stripe stops billing at once). */
export function SubscriptionsTable() {
  const session = useSession();
  const zone = session.status?.timeZoneMinutes ?? 0;
  const isAdmin = session.access?.userRole !== 'USER';
  const list = useListQuery();
  const params = { page: list.params.page, pageSize: list.params.pageSize };
  const rows = useApiQuery(queryKeys.list('commerceSubscriptions', params), (signal) => listSubscriptions(params, signal));
  const [cancelling, setCancelling] = useState<Subscription | null>(null);
  const cancel = useApiMutation((id: number) => cancelSubscription(id), { invalidates: ['commerceSubscriptions'], success: text.cancelled });
  return (
    <ListPage
      list={list}
      query={rows}
      testId="subscriptions-table"
      minWidth={760}
      columns={[
        { label: text.email, width: '26%' },
        { label: text.plan },
        { label: text.amount },
        { label: text.status },
        { label: text.started },
        { label: text.ends },
        { label: text.actions, hideLabel: true, nowrap: true },
      ]}
      empty={<EmptyState icon={<IconCreditCard />} title={text.noSubscriptions} description={text.noSubscriptionsHint} testId="subscriptions-empty" />}
      renderRow={(row) => (
        <Table.Tr key={row.id} data-testid={`subscription-row-${row.id}`}>
          <Table.Td>{row.email}</Table.Td>
          <Table.Td>
            {row.productName}: {row.planName}
            {row.quantity > 1 ? ` × ${row.quantity}` : ''}
          </Table.Td>
          <Table.Td>
            {row.amountDisplay} {row.billingCycle}
          </Table.Td>
          <Table.Td>
            <StatusBadge family="payment" status={row.status} />
          </Table.Td>
          <Table.Td>{formatClientDateTime(row.startAt, zone)}</Table.Td>
          <Table.Td>{row.endDisplay}</Table.Td>
          <Table.Td>
            {isAdmin && row.status !== 'canceled' && (
              <Button size="xs" variant="subtle" color="red" leftSection={<IconX size={14} aria-hidden />} onClick={() => setCancelling(row)} data-testid={`subscription-cancel-${row.id}`}>
                {text.cancelSubscription}
              </Button>
            )}
          </Table.Td>
        </Table.Tr>
      )}
    >
      <ConfirmDialog
        opened={cancelling !== null}
        title={text.cancelTitle}
        message={cancelling ? text.cancelConfirm(cancelling.email, cancelling.planName) : ''}
        busy={cancel.isPending}
        onCancel={() => setCancelling(null)}
        onConfirm={() => cancelling && cancel.mutate(cancelling.id, { onSettled: () => setCancelling(null) })}
      />
    </ListPage>
  );
}
