import { Box } from '@mantine/core';

interface SandboxedHtmlProps {
  html: string;
  /** The frame's accessible name. */
  title: string;
  /** The frame's width in pixels; full width when absent. */
  width?: number;
  height?: number | string;
  testId?: string;
}

/**
 * HTML that a tenant wrote, shown as a recipient sees it (ARCHITECTURE.md "Public pages and
 * user-supplied HTML"): an empty sandbox, so no script runs and the document gets an opaque
 * origin (never allow-same-origin, never allow-scripts).
 */
export function SandboxedHtml({ html, title, width, height = 480, testId = 'sandboxed-html' }: SandboxedHtmlProps) {
  return (
    <Box
      style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 4, overflow: 'hidden', background: 'white' }}
      w={width ?? '100%'}
      maw="100%"
      mx="auto"
    >
      <iframe sandbox="" srcDoc={html} title={title} data-testid={testId} style={{ display: 'block', width: '100%', height, border: 0 }} />
    </Box>
  );
}
