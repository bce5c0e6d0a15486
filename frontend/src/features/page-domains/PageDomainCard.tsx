import { Alert, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconRefresh, IconTrash } from '@tabler/icons-react';
import { Copyable } from '../../components/Copyable';
import { FeatureGate } from '../../components/FeatureGate';
import { StatusBadge } from '../../components/StatusBadge';
import { formatClientDateTime } from '../../lib/format';
import { verifyPageDomain, type PageDomain } from './api';
import { pageDomainMessages as text } from './messages';
import { useDomainVerify } from '../../components/domains/useDomainActions';

interface PageDomainCardProps {
  domain: PageDomain;
  timeZoneMinutes: number;
  onChanged: () => void;
  onRemove: (domain: PageDomain) => void;
}

/** One page domain: its state, the two records to publish with their last check, Verify and Remove. */
export function PageDomainCard({ domain, timeZoneMinutes, onChanged, onRemove }: PageDomainCardProps) {
  const { checking, verify } = useDomainVerify(() => verifyPageDomain(domain.id), text.verified, onChanged);
  return (
    <Paper withBorder p="md" radius="md" data-testid={`page-domain-${domain.name}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="sm">
            <Title order={2} size="h3">
              {domain.name}
            </Title>
            <StatusBadge family="senderDomain" status={domain.status} />
          </Group>
          <FeatureGate adminOnly>
            <Group gap="xs" wrap="nowrap">
              <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={() => onRemove(domain)}>
                {text.remove}
              </Button>
              <Button leftSection={<IconRefresh size={16} />} loading={checking} onClick={() => void verify()} data-testid={`verify-${domain.name}`}>
                {domain.checkedAt ? text.verifyAgain : text.verify}
              </Button>
            </Group>
          </FeatureGate>
        </Group>
        <Text size="sm" c="dimmed" data-testid={`checked-${domain.name}`}>
          {domain.checkedAt ? text.lastChecked(formatClientDateTime(domain.checkedAt, timeZoneMinutes)) : text.neverChecked}
        </Text>
        {domain.error && (
          <Alert color="red" data-testid={`page-domain-error-${domain.name}`}>
            {domain.error}
          </Alert>
        )}
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="sm" aria-label={`${text.records}: ${domain.name}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={200}>{text.recordType}</Table.Th>
                <Table.Th w={280}>{text.recordHost}</Table.Th>
                <Table.Th>{text.recordValue}</Table.Th>
                <Table.Th w={190}>{text.recordStatus}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {domain.records.map((record) => {
                const label = text.recordLabel[record.key];
                return (
                  <Table.Tr key={record.key} data-testid={`page-record-${record.key}`}>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {label}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {record.type}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Copyable value={record.host} what={`${label} host`} />
                    </Table.Td>
                    <Table.Td>
                      <Copyable value={record.value} what={`${label} value`} />
                    </Table.Td>
                    <Table.Td>
                      <StatusBadge family="dnsRecord" status={record.status} />
                      {record.error && (
                        <Text size="xs" c="red.8" mt={4}>
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
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}
