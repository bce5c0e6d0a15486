import { Group, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { MergeTagPicker } from './merge-tags/MergeTagPicker';
import { templateMessages as text } from './messages';
import { SandboxedHtml } from '../../components/SandboxedHtml';
import { useCaretInsert } from './useCaretInsert';

interface HtmlCodeEditorProps {
  value: string;
  onChange: (html: string) => void;
  /** The preview frame's accessible name. */
  previewTitle: string;
  label?: string;
  error?: string | null;
  testId?: string;
  /** What the preview shows of the code, e.g. a footer on its colours; the code itself unless said. */
  previewHtml?: (html: string) => string;
}

/** HTML as code beside its live, sandboxed preview; merge tags go in where the caret is. */
export function HtmlCodeEditor({ value, onChange, previewTitle, label = text.htmlCode, error, testId = 'html-code', previewHtml }: HtmlCodeEditorProps) {
  const caret = useCaretInsert(value, onChange);
  // The frame reloads its document on every change: it follows the typing a moment later.
  const [shown] = useDebouncedValue(value, 300);
  return (
    <SimpleGrid cols={2} spacing="lg">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-end">
          <Text component="label" htmlFor={`${testId}-input`} fw={500} size="sm">
            {label}
          </Text>
          <MergeTagPicker onPick={caret.insert} onOpen={caret.remember} label={text.insertMergeTag} size="xs" />
        </Group>
        <Textarea
          id={`${testId}-input`}
          ref={caret.ref}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          rows={20}
          resize="vertical"
          spellCheck={false}
          error={error}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
          data-testid={testId}
        />
      </Stack>
      <Stack gap="xs">
        <Text fw={500} size="sm">
          {text.livePreview}
        </Text>
        <SandboxedHtml html={previewHtml ? previewHtml(shown) : shown} title={previewTitle} height={520} testId={`${testId}-preview`} />
      </Stack>
    </SimpleGrid>
  );
}
