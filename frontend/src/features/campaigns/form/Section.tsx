import { Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { FieldErrors } from './rules';
import type { CampaignForm } from './model';

/** What each part of the form gets: the values, a setter, and the errors by field. */
export interface FieldsProps {
  form: CampaignForm;
  set: <K extends keyof CampaignForm>(key: K, value: CampaignForm[K]) => void;
  errors: FieldErrors;
}

export const firstError = (errors: FieldErrors, key: string): string | undefined => errors[key]?.[0];

export function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Paper withBorder p="md" data-testid={testId}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
