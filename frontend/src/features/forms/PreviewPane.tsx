import { Box, Group, Paper, SegmentedControl, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import type { Definition, FormTheme } from './api';
import { formMessages as text } from './messages';
import type { EditedStyles } from './themes/api';
import { FormPreview } from './themes/FormPreview';

/** The spec's mobile width of a form preview. */
export const MOBILE_WIDTH = 426;

interface PreviewPaneProps {
  definition: Definition;
  theme: FormTheme | null;
  showDisclaimer: boolean;
}

/**
 * The preview beside the builder: the public page drawn by the server with the form's theme
 * (themes/FormPreview), at the pane's width or at 426 px (mobile). The frame runs no script,
 * so a multi-step form's step is chosen here and the page shows that step's buttons.
 */
export function PreviewPane({ definition, theme, showDisclaimer }: PreviewPaneProps) {
  const [width, setWidth] = useState<'desktop' | 'mobile'>('desktop');
  const [step, setStep] = useState(0);
  const steps = definition.multiStep && definition.sections.length > 1 ? definition.sections.length : 0;
  const shown = Math.min(step, Math.max(steps - 1, 0));
  return (
    <Paper withBorder p="md" style={{ position: 'sticky', top: 16 }}>
      <Stack>
        <Title order={2} size="h4">
          {text.preview}
        </Title>
        <Group gap="sm">
          <SegmentedControl
            aria-label={text.previewWidth}
            value={width}
            onChange={(value) => setWidth(value === 'mobile' ? 'mobile' : 'desktop')}
            data={[
              { value: 'desktop', label: text.desktop },
              { value: 'mobile', label: text.mobile },
            ]}
            data-testid="preview-width"
          />
          {steps > 0 && (
            <SegmentedControl
              aria-label={text.previewStep}
              value={String(shown)}
              onChange={(value) => setStep(Number(value))}
              data={definition.sections.map((_section, i) => ({ value: String(i), label: text.step(i + 1) }))}
              data-testid="preview-step"
            />
          )}
        </Group>
        <Box maw={width === 'mobile' ? MOBILE_WIDTH : undefined} w="100%" mx="auto" data-testid="preview-frame" data-width={width}>
          <FormPreview
            definition={definition}
            theme={(theme?.styles ?? {}) as EditedStyles}
            width={width === 'mobile' ? MOBILE_WIDTH : undefined}
            step={steps > 0 ? shown : undefined}
            showDisclaimer={showDisclaimer}
          />
        </Box>
      </Stack>
    </Paper>
  );
}
