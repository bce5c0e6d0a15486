import { Alert, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconRefresh, IconTrash } from '@tabler/icons-react';
import { FeatureGate } from '../../components/FeatureGate';
import { StatusBadge } from '../../components/StatusBadge';
import { formatClientDateTime } from '../../lib/format';
import { verifyDomain, type SenderDomain } from './api';
import { DkimRolloverPanel } from './DkimRolloverPanel';
import { senderMessages as text } from './messages';
import { RecordRow } from './RecordRow';
import { useDomainVerify } from '../../components/domains/useDomainActions';

interface DomainCardProps {
  domain: SenderDomain;
  timeZoneMinutes: number;
  onChanged: () => void;
  onDelete: (domain: SenderDomain) => void;
}

export function DomainCard({ domain, timeZoneMinutes, onChanged, onDelete }: DomainCardProps) {
  const { checking, verify } = useDomainVerify(() => verifyDomain(domain.id), text.verified, onChanged);
  return (
    <Paper withBorder p="md" radius="md" data-testid={`domain-${domain.name}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="sm">
            <Title order={2} size="h3">
              {domain.name}
            </Title>
            <StatusBadge family="senderDomain" status={domain.status} />
            <Text size="sm" c="dimmed">
              {text.sendersCount(domain.senders)}
            </Text>
          </Group>
          <FeatureGate adminOnly>
            <Group gap="xs" wrap="nowrap">
              <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={() => onDelete(domain)}>
                {text.delete}
              </Button>
              <Button leftSection={<IconRefresh size={16} />} loading={checking} onClick={() => void verify()} data-testid={`verify-${domain.name}`}>
                {domain.checkedAt ? text.reverify : text.verify}
              </Button>
            </Group>
          </FeatureGate>
        </Group>
        <Text size="sm" c="dimmed">
          {domain.checkedAt ? text.lastChecked(formatClientDateTime(domain.checkedAt, timeZoneMinutes)) : text.neverChecked}
        </Text>
        {domain.error && (
          <Alert color="red" data-testid={`domain-error-${domain.name}`}>
            {domain.error}
          </Alert>
        )}
        <DkimRolloverPanel domain={domain} onChanged={onChanged} />
        <Table.ScrollContainer minWidth={800}>
          <Table verticalSpacing="sm" aria-label={`${text.records}: ${domain.name}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={170}>{text.recordType}</Table.Th>
                <Table.Th w={260}>{text.recordHost}</Table.Th>
                <Table.Th>{text.recordValue}</Table.Th>
                <Table.Th w={190}>{text.recordStatus}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {domain.records.map((record) => (
                <RecordRow key={record.key} record={record} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Text size="xs" c="dimmed">
          {text.spfHint}
        </Text>
      </Stack>
    </Paper>
  );
}
