import { Alert, List, Text } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import type { Template } from '../../api/templates';
import { templateMessages as text } from './messages';

/** The template's links that will not work (spec 5.1 protocols), as the server found them on save. */
export function LinkProblemsAlert({ problems }: { problems: Template['linkProblems'] | undefined }) {
  if (!problems?.length) return null;
  return (
    <Alert color="yellow" icon={<IconLinkOff size={18} aria-hidden />} title={text.linkProblemsTitle} data-testid="link-problems">
      <List size="sm" spacing={2}>
        {problems.map((problem) => (
          <List.Item key={problem.index}>
            <Text span size="sm" fw={600}>
              {problem.text || problem.url || text.linkWithoutText}
            </Text>{' '}
            <Text span size="sm">
              ({problem.url || '—'}): {problem.message}
            </Text>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
