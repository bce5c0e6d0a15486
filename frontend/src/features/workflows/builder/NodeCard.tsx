import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatNumber } from '../../../lib/format';
import { workflowMessages as text } from '../messages';
import type { NodeData } from './flow';
import { StepIcon } from './StepIcon';

/** The body every node of the canvas shares: icon and title, what it does, its problems, its counts. */
export function NodeCard({ data, selected, children }: { data: NodeData; selected: boolean; children?: ReactNode }) {
  const type = data.kind === 'trigger' ? 'trigger' : (data.step?.type ?? 'end');
  const border = data.problems > 0 ? 'var(--mantine-color-red-7)' : selected ? 'var(--mantine-color-blue-7)' : undefined;
  return (
    <Paper
      withBorder
      shadow={selected ? 'md' : 'xs'}
      p="xs"
      w={220}
      style={border ? { borderColor: border, borderWidth: 2 } : undefined}
      data-testid={`node-${data.kind === 'trigger' ? 'trigger' : data.step?.id}`}
      data-problems={data.problems}
    >
      <Stack gap={4}>
        <Group gap={6} wrap="nowrap">
          <StepIcon type={type} />
          <Text size="sm" fw={600} truncate>
            {data.title}
          </Text>
        </Group>
        {data.summary ? (
          <Text size="xs" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
            {data.summary}
          </Text>
        ) : null}
        {data.problems > 0 || data.unsaved ? (
          <Group gap={4}>
            {data.problems > 0 ? (
              <Badge color="red" variant="light" size="xs">
                {data.problems === 1 ? '1 problem' : `${data.problems} problems`}
              </Badge>
            ) : null}
            {data.unsaved ? (
              <Badge color="orange" variant="light" size="xs" data-testid="node-unsaved">
                {text.unsavedStep}
              </Badge>
            ) : null}
          </Group>
        ) : null}
        {data.counts ? (
          <Text size="xs" data-testid="node-counts">
            {text.counts(formatNumber(data.counts.current), formatNumber(data.counts.passed))}
          </Text>
        ) : null}
        {children}
      </Stack>
    </Paper>
  );
}
