import { Box, Paper, SegmentedControl, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import type { Definition, FormTheme } from './api';
import { FormPreview } from './FormPreview';
import { formMessages as text } from './messages';
import type { PreviewContext } from './preview-context';

/** The spec's mobile width of a form preview. */
export const MOBILE_WIDTH = 426;

/** The preview beside the builder, at the desktop width of its pane or at 426 px (mobile). */
export function PreviewPane({ definition, theme, context }: { definition: Definition; theme: FormTheme | null; context: PreviewContext }) {
  const [width, setWidth] = useState<'desktop' | 'mobile'>('desktop');
  return (
    <Paper withBorder p="md" style={{ position: 'sticky', top: 16 }}>
      <Stack>
        <Title order={2} size="h4">
          {text.preview}
        </Title>
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
        <Box maw={width === 'mobile' ? MOBILE_WIDTH : undefined} w="100%" mx="auto" data-testid="preview-frame" data-width={width} style={{ overflow: 'auto' }}>
          <FormPreview definition={definition} theme={theme} context={context} />
        </Box>
      </Stack>
    </Paper>
  );
}
