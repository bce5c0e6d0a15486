import { Button, Card, CopyButton, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useApiMutation } from '../../../api/query';
import { setReportShared, type SurveyReport } from './api';
import { formReportMessages as text } from './messages';

/** The share toggle: on, a signed read-only link anyone may open; off, every link stops working. */
export function ShareCard({ report }: { report: SurveyReport }) {
  const share = useApiMutation((shared: boolean) => setReportShared(report.formId, shared), {
    invalidates: ['formReports'],
    success: (answer) => (answer.shared ? text.shared : text.unshared),
  });
  const link = report.shareUrl ?? '';  // on the pages host: the public report never shares the app's origin
  return (
    <Card withBorder padding="md">
      <Stack gap="xs">
        <Switch
          label={text.share}
          description={text.shareHint}
          checked={report.shared}
          disabled={share.isPending}
          onChange={(event) => void share.mutateAsync(event.currentTarget.checked).catch(() => undefined)}
          data-testid="survey-share"
        />
        {link && (
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput label={text.shareLink} value={link} readOnly style={{ flex: 1 }} data-testid="survey-share-link" />
            <CopyButton value={link}>
              {({ copied, copy }) => (
                <Button variant="subtle" onClick={copy} leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}>
                  {copied ? text.linkCopied : text.copy}
                </Button>
              )}
            </CopyButton>
          </Group>
        )}
        {!link && (
          <Text size="sm" c="dimmed">
            {text.shareHint}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
