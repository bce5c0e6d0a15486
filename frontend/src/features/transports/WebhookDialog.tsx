import { ActionIcon, Button, Code, CopyButton, Group, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type { SavedTransport, TransportKind } from './api';
import { kindLabels, transportMessages as text } from './messages';

function Copyable({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Code block style={{ flex: 1, wordBreak: 'break-all', whiteSpace: 'pre-wrap' }} data-testid={testId}>
          {value}
        </Code>
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? text.copied : text.copy(label)} withArrow>
              <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} aria-label={text.copy(label)} onClick={copy}>
                {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}

/** The ESP's webhook URL with our password, shown once after a save (the API never shows the password again). */
export function WebhookDialog({ saved, onClose }: { saved: SavedTransport | null; onClose: () => void }) {
  const url = saved?.webhookUrlWithPassword ?? '';
  let user = '';
  let password = '';
  try {
    const parsed = new URL(url);
    user = decodeURIComponent(parsed.username);
    password = decodeURIComponent(parsed.password);
  } catch {
    // No URL (the SMTP relay): the dialog is not opened.
  }
  return (
    <Modal opened={Boolean(url)} onClose={onClose} title={text.webhookTitle} centered size="lg">
      <Stack>
        <Text size="sm">{text.webhookIntro(saved ? kindLabels[saved.kind as TransportKind] : '')}</Text>
        <Copyable label={text.webhookUrl} value={url} testId="webhook-url" />
        <Copyable label={text.webhookUser} value={user} testId="webhook-user" />
        <Copyable label={text.webhookPassword} value={password} testId="webhook-password" />
        <Group justify="flex-end">
          <Button onClick={onClose} data-testid="webhook-done">
            {text.done}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
