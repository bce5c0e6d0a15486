import { Badge, Table } from '@mantine/core';
import type { DryRunStep } from './api';
import { outcomeLabel, stepLabels, workflowMessages as text } from './messages';
import type { StepType } from './builder/graph';

const OUTCOME_COLORS: Record<string, string> = {
  failed: 'red',
  skipped: 'orange',
  wouldSend: 'green',
  goalMet: 'green',
  done: 'gray',
};

function stepLabel(type: string): string {
  return stepLabels[type as StepType] ?? type;
}

/** The dry run's path, step by step: what each step is, what it would do for the profile, and why. */
export function DryRunPath({ steps }: { steps: DryRunStep[] }) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped data-testid="test-path" aria-label={text.path}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={48}>#</Table.Th>
            <Table.Th>{text.step}</Table.Th>
            <Table.Th>{text.outcome}</Table.Th>
            <Table.Th>{text.detail}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {steps.map((step, index) => (
            <Table.Tr key={`${index}-${step.stepId}`} data-testid={`test-step-${index}`}>
              <Table.Td>{index + 1}</Table.Td>
              <Table.Td data-testid="test-step-type">{stepLabel(step.type)}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={OUTCOME_COLORS[step.outcome] ?? 'blue'} data-testid="test-step-outcome">
                  {outcomeLabel(step.outcome)}
                </Badge>
              </Table.Td>
              <Table.Td data-testid="test-step-detail">{step.detail}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
