import { Table, Text } from '@mantine/core';
import { StatusBadge } from '../../components/StatusBadge';
import { type DnsRecord } from './api';
import { senderMessages as text } from './messages';
import { Copyable } from '../../components/Copyable';

export function RecordRow({ record }: { record: DnsRecord }) {
  return (
    <Table.Tr data-testid={`record-${record.key}`}>
      <Table.Td>
        <Text size="sm" fw={500}>
          {record.kind}
        </Text>
        <Text size="xs" c="dimmed">
          {record.type}
          {record.required ? '' : ` (${text.optional})`}
        </Text>
      </Table.Td>
      <Table.Td>
        <Copyable value={record.host} what={`${record.kind} host`} />
      </Table.Td>
      <Table.Td>
        <Copyable value={record.value} what={`${record.kind} value`} />
      </Table.Td>
      <Table.Td>
        <StatusBadge family="dnsRecord" status={record.status} />
        {record.error && (
          <Text size="xs" c="red.8" mt={4} data-testid={`record-error-${record.key}`}>
            {record.error}
          </Text>
        )}
        {record.status !== 'verified' && record.found.length > 0 && (
          <Text size="xs" c="dimmed" mt={2} style={{ wordBreak: 'break-all' }}>
            {text.found(record.found.join(', '))}
          </Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
