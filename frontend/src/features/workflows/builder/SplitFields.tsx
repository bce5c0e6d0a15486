import { ActionIcon, Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { workflowMessages as text } from '../messages';
import type { EditedBranch, SplitBranch } from './graph';
import type { FieldsProps } from './field-props';

/** An A/B split: each branch's share of profiles, adding up to 100%. */
export function SplitFields({ values, set, errors }: FieldsProps) {
  // Each branch remembers where it was in the step (its target stays with it, whatever is removed before it).
  const branches: EditedBranch[] = ((values.branches as (SplitBranch | EditedBranch)[] | undefined) ?? []).map((branch, index) => ({
    percent: branch.percent,
    from: 'from' in branch ? branch.from : index,
  }));
  const change = (next: EditedBranch[]) => set('branches', next);
  return (
    <Stack gap="xs">
      {branches.map((branch, index) => (
        <Group key={index} gap="xs" align="end" wrap="nowrap">
          <NumberInput
            label={text.percent(index)}
            min={0}
            max={100}
            allowDecimal={false}
            value={branch.percent}
            onChange={(value) => change(branches.map((each, at) => (at === index ? { ...each, percent: Number(value) || 0 } : each)))}
            style={{ flex: 1 }}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            disabled={branches.length <= 2}
            aria-label={text.removeBranch(index)}
            onClick={() => change(branches.filter((_each, at) => at !== index))}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      {errors.branches ? (
        <Text size="xs" c="red.8" role="alert">
          {errors.branches}
        </Text>
      ) : null}
      <Button variant="subtle" size="xs" leftSection={<IconPlus size={14} aria-hidden />} disabled={branches.length >= 5} onClick={() => change([...branches, { percent: 0, from: null }])}>
        {text.addBranch}
      </Button>
    </Stack>
  );
}
