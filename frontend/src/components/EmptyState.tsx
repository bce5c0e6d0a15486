import { Stack, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';

interface EmptyStateProps {
  icon: ReactNode;
  /** What the list will hold, e.g. "No tags yet." */
  title: string;
  description?: string;
  /** The primary action that creates the first item, when the screen has one. */
  action?: ReactNode;
  testId?: string;
}

/** What an empty list shows instead of bare rows (UI.md): what it will hold and how to start. */
export function EmptyState({ icon, title, description, action, testId = 'empty-state' }: EmptyStateProps) {
  return (
    <Stack align="center" gap="xs" py="xl" data-testid={testId}>
      <ThemeIcon variant="light" color="gray" size={48} radius="xl" aria-hidden>
        {icon}
      </ThemeIcon>
      <Text fw={600} data-testid={`${testId}-title`}>
        {title}
      </Text>
      {description && (
        <Text c="dimmed" size="sm" ta="center" maw={480}>
          {description}
        </Text>
      )}
      {action}
    </Stack>
  );
}
