import { Button, Table } from '@mantine/core';
import { IconReceiptRefund, IconShoppingBag } from '@tabler/icons-react';
import { useState } from 'react';
import { queryKeys, useApiMutation, useApiQuery } from '../../api/query';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { StatusBadge } from '../../components/StatusBadge';
import { ListPage } from '../../components/list/ListPage';
import { useListQuery } from '../../components/list/useListQuery';
import { formatClientDateTime } from '../../lib/format';
import { useSession } from '../../lib/session';
import { listOrders, refundOrder, type Order } from './api';
import { commerceMessages as text } from './messages';

/** The client's orders, newest first; admins refund what is left of one. */
export function OrdersTable() {
  const session = useSession();
  const zone = session.status?.timeZoneMinutes ?? 0;
  const isAdmin = session.access?.userRole !== 'USER';
  const list = useListQuery();
  const params = { page: list.params.page, pageSize: list.params.pageSize };
  const rows = useApiQuery(queryKeys.list('commerceOrders', params), (signal) => listOrders(params, signal));
  const [refunding, setRefunding] = useState<Order | null>(null);
  const refund = useApiMutation((id: number) => refundOrder(id), { invalidates: ['commerceOrders'], success: text.refundDone });
  return (
    <ListPage
      list={list}
      query={rows}
      testId="orders-table"
      minWidth={760}
      columns={[
        { label: text.email, width: '26%' },
        { label: text.plan },
        { label: text.amount },
        { label: text.status },
        { label: text.paidAt },
        { label: text.actions, hideLabel: true, nowrap: true },
      ]}
      empty={<EmptyState icon={<IconShoppingBag />} title={text.noOrders} description={text.noOrdersHint} testId="orders-empty" />}
      renderRow={(row) => (
        <Table.Tr key={row.id} data-testid={`order-row-${row.id}`}>
          <Table.Td>{row.email}</Table.Td>
          <Table.Td>
            {row.productName}: {row.planName} × {row.quantity}
          </Table.Td>
          <Table.Td>{row.amountDisplay}</Table.Td>
          <Table.Td>
            <StatusBadge family="payment" status={row.status} />
          </Table.Td>
          <Table.Td>{formatClientDateTime(row.createdAt, zone)}</Table.Td>
          <Table.Td>
            {isAdmin && row.amountRefunded < row.amount && (
              <Button size="xs" variant="subtle" leftSection={<IconReceiptRefund size={14} aria-hidden />} onClick={() => setRefunding(row)} data-testid={`order-refund-${row.id}`}>
                {text.refund}
              </Button>
            )}
          </Table.Td>
        </Table.Tr>
      )}
    >
      <ConfirmDialog
        opened={refunding !== null}
        title={text.refundTitle}
        message={refunding ? text.refundConfirm(refunding.email, refunding.amountDisplay) : ''}
        busy={refund.isPending}
        onCancel={() => setRefunding(null)}
        onConfirm={() => refunding && refund.mutate(refunding.id, { onSettled: () => setRefunding(null) })}
      />
    </ListPage>
  );
}
