import { ActionIcon, Code, CopyButton, Group, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { messages as text } from '../lib/messages';

/** A value to publish or paste elsewhere (a DNS record's host or value), with its copy button. */
export function Copyable({ value, what }: { value: string; what: string }) {
  return (
    <Group gap={4} wrap="nowrap" align="flex-start">
      <Code style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>{value}</Code>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? text.copied : text.copy(what)} withArrow>
            <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} aria-label={text.copy(what)} onClick={copy}>
              {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}
