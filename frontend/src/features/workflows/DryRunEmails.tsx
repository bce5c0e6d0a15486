import { Table, Text } from '@mantine/core';
import type { DryRunStep } from './api';
import { outcomeLabel, workflowMessages as text } from './messages';

type DryRunEmail = NonNullable<DryRunStep['email']>;

function sender(email: DryRunEmail): string {
  if (email.fromName && email.fromAddress) return `${email.fromName} <${email.fromAddress}>`;
  return email.fromAddress || email.fromName;
}

/** The emails the dry run's path would send (or skip, with the reason in the path): subject, from and to. */
export function DryRunEmails({ steps }: { steps: DryRunStep[] }) {
  const emails = steps.flatMap((step) => (step.email ? [{ step, email: step.email }] : []));
  if (emails.length === 0) {
    return (
      <Text c="dimmed" size="sm" data-testid="test-no-emails">
        {text.noEmails}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped data-testid="test-emails" aria-label={text.emails}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{text.subject}</Table.Th>
            <Table.Th>{text.from}</Table.Th>
            <Table.Th>{text.to}</Table.Th>
            <Table.Th>{text.outcome}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {emails.map(({ step, email }, index) => (
            <Table.Tr key={`${index}-${step.stepId}`} data-testid={`test-email-${index}`}>
              <Table.Td>{email.subject}</Table.Td>
              <Table.Td>{sender(email)}</Table.Td>
              <Table.Td>{email.to}</Table.Td>
              <Table.Td>{outcomeLabel(step.outcome)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
