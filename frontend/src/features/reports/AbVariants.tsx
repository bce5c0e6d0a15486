import { Anchor, Badge, Card, Group, Table, Text, Title } from '@mantine/core';
import { IconTrophy } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { formatNumber } from '../../lib/format';
import type { AbReport } from './api';
import { clientTime, countWithRate } from './format';
import { reportMessages as text } from './messages';

/** The test's settings and its winner (spec 4: once picked it never changes). */
export function AbSummary({ ab }: { ab: AbReport }) {
  return (
    <Card withBorder padding="md" data-testid="ab-summary">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={2} size="h4">
            {text.abTitle}
          </Title>
          <Text size="sm" c="dimmed">
            {text.testOn}: {ab.testOn || '—'} · {text.testShare}: {ab.testPercent ?? '—'}% · {text.winnerRule}: {ab.winnerRule || '—'}
          </Text>
        </div>
        {ab.winner ? (
          <Badge size="lg" color="green" variant="light" leftSection={<IconTrophy size={14} aria-hidden />} data-testid="ab-winner">
            {text.winner}: {text.variant} {ab.winner}
          </Badge>
        ) : (
          <Badge size="lg" color="gray" variant="light" data-testid="ab-winner">
            {text.winner}: {text.winnerPending}
            {ab.leader ? ` · ${text.leader}: ${ab.leader}` : ''}
          </Badge>
        )}
      </Group>
      {ab.winnerPickedAt ? (
        <Text size="sm" mt="xs">
          {text.pickedAt}: {clientTime(ab.winnerPickedAt)}
        </Text>
      ) : null}
    </Card>
  );
}

/** Every variant (A, B, C and the winner's send W) with its delivery and reach. */
export function VariantsTable({ ab, campaignId }: { ab: AbReport; campaignId: number }) {
  return (
    <Card withBorder padding="md" data-testid="ab-variants">
      <Table.ScrollContainer minWidth={760}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{text.variant}</Table.Th>
              <Table.Th>{text.subject}</Table.Th>
              <Table.Th ta="right">{text.recipients}</Table.Th>
              <Table.Th ta="right">{text.delivered}</Table.Th>
              <Table.Th ta="right">{text.uniqueOpens}</Table.Th>
              <Table.Th ta="right">{text.uniqueClicks}</Table.Th>
              <Table.Th>{text.variantDetails}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {ab.variants.map((variant) => (
              <Table.Tr key={variant.name} data-testid={`variant-${variant.name}`}>
                <Table.Td fw={600}>
                  {variant.name}
                  {ab.winner === variant.name ? (
                    <Badge ml="xs" size="sm" color="green" variant="light">
                      {text.winner}
                    </Badge>
                  ) : null}
                </Table.Td>
                <Table.Td>{variant.subject}</Table.Td>
                <Table.Td ta="right">{formatNumber(variant.recipients)}</Table.Td>
                <Table.Td ta="right">{formatNumber(variant.delivered)}</Table.Td>
                <Table.Td ta="right">{countWithRate(variant.uniqueOpens, variant.openRate)}</Table.Td>
                <Table.Td ta="right">{countWithRate(variant.uniqueClicks, variant.clickRate)}</Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={`/abinnerreport?campaignId=${campaignId}&variant=${encodeURIComponent(variant.name)}`} size="sm">
                    {text.variantDetails} {variant.name}
                  </Anchor>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
