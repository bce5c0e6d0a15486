import { Alert, Button, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconEye, IconEyeOff, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatClientDateTime } from '../../lib/format';
import { useSession } from '../../lib/session';
import { segmentMessages as text } from './messages';
import type { LiveCount } from './useLiveCount';

interface LiveCountPanelProps {
  live: LiveCount<{ count: number }>;
  unfinished: number;
  /** The panel's heading ("Profiles" unless said). */
  title?: string;
  /** More about the count, under it (the BI builder's rows per client). */
  children?: ReactNode;
}

/** How many profiles the finished rules select now (exact: the API counts, it does not estimate). */
export function LiveCountPanel({ live, unfinished, title = text.count, children }: LiveCountPanelProps) {
  let line;
  if (!live.countable) line = <Text c="dimmed">{text.addRuleToCount}</Text>;
  else if (live.count !== null)
    line = (
      <Text fw={700} size="xl" data-testid="segment-count">
        {text.exactly(live.count)}
      </Text>
    );
  else if (live.counting) line = <Text c="dimmed">{text.counting}</Text>;
  else if (Object.keys(live.errors).length > 0) line = <Text c="red">{text.countFailed}</Text>;
  else line = null;
  return (
    <Paper withBorder p="md" aria-live="polite" aria-busy={live.counting}>
      <Group justify="space-between" mb={4}>
        <Group gap={6}>
          <IconUsers size={18} aria-hidden />
          <Title order={2} size="h4">
            {title}
          </Title>
        </Group>
        {live.counting && <Loader size="xs" aria-label={text.counting} />}
      </Group>
      {line}
      {live.message && (
        <Alert color="red" mt="xs">
          {live.message}
        </Alert>
      )}
      {unfinished > 0 && live.countable && (
        <Text size="sm" c="dimmed" mt={4} data-testid="segment-unfinished">
          {text.unfinished(unfinished)}
        </Text>
      )}
      {children}
    </Paper>
  );
}

/** The first profiles the rules select (segmentPreview), on demand. */
export function PreviewPanel({ live, shown, onToggle }: { live: LiveCount; shown: boolean; onToggle: () => void }) {
  const { status } = useSession();
  const zone = status?.timeZoneMinutes ?? 0;
  return (
    <Paper withBorder p="md">
      <Group justify="space-between">
        <Title order={2} size="h4">
          {text.preview}
        </Title>
        <Button variant="subtle" size="xs" leftSection={shown ? <IconEyeOff size={14} /> : <IconEye size={14} />} onClick={onToggle} disabled={!live.countable} data-testid="segment-preview-toggle">
          {shown ? text.hidePreview : text.showPreview}
        </Button>
      </Group>
      {shown && live.countable && (
        <Stack mt="sm">
          {live.preview === null ? (
            <Text c="dimmed">{live.counting ? text.counting : text.countFailed}</Text>
          ) : live.preview.length === 0 ? (
            <Text c="dimmed">{text.previewEmpty}</Text>
          ) : (
            <Table.ScrollContainer minWidth={560}>
              <Table striped data-testid="segment-preview">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{text.email}</Table.Th>
                    <Table.Th>{text.firstName}</Table.Th>
                    <Table.Th>{text.lastName}</Table.Th>
                    <Table.Th>{text.created}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {live.preview.map((profile) => (
                    <Table.Tr key={profile.id}>
                      <Table.Td>{profile.email}</Table.Td>
                      <Table.Td>{profile.firstName}</Table.Td>
                      <Table.Td>{profile.lastName}</Table.Td>
                      <Table.Td>{formatClientDateTime(profile.createdAt, zone)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      )}
    </Paper>
  );
}
