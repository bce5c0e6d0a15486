import { Button, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { stepHints, stepLabels, workflowMessages as text } from '../messages';
import { STEP_TYPES, type StepType } from './graph';
import { StepIcon } from './StepIcon';

export const PALETTE_MIME = 'application/x-workflow-step';

/** The steps one can add: a click adds after the selected node, a drag drops one on the canvas. */
export function StepPalette({ onAdd }: { onAdd: (type: StepType) => void }) {
  return (
    <Stack gap="xs" h="100%" component="section" aria-labelledby="workflow-palette-title">
      <div>
        <Title order={2} size="h5" id="workflow-palette-title">
          {text.palette}
        </Title>
        <Text size="xs" c="dimmed">
          {text.paletteHint}
        </Text>
      </div>
      <ScrollArea style={{ flex: 1 }} type="auto">
        <Stack gap={4}>
          {STEP_TYPES.map((type) => (
            <Button
              key={type}
              variant="default"
              size="xs"
              justify="flex-start"
              leftSection={<StepIcon type={type} />}
              title={stepHints[type]}
              aria-label={text.addStep(stepLabels[type])}
              draggable
              onDragStart={(event) => {
                event.dataTransfer.setData(PALETTE_MIME, type);
                event.dataTransfer.effectAllowed = 'move';
              }}
              onClick={() => onAdd(type)}
              data-testid={`palette-${type}`}
            >
              {stepLabels[type]}
            </Button>
          ))}
        </Stack>
      </ScrollArea>
    </Stack>
  );
}
