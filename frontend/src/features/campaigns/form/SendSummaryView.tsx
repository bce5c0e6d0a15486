import { Alert, Anchor, Modal, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconFlame } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { DialogActions } from '../../../components/DialogActions';
import { paths } from '../../../config/paths';
import { messages } from '../../../lib/messages';
import type { SendSummary } from '../api';
import { campaignMessages as text } from '../messages';

/** Where the postal address is set: the campaign list's settings drawer, opened by the link. */
export const postalAddressHref = () => `${paths.home.href()}?settings=open`;

export function PostalAddressMissing({ message }: { message: string }) {
  return (
    <Alert color="red" icon={<IconAlertTriangle aria-hidden />} data-testid="postal-address-missing">
      <Stack gap={4}>
        <Text size="sm">{message}</Text>
        <Anchor component={Link} to={postalAddressHref()} size="sm" fw={600}>
          {text.postalSetLink}
        </Anchor>
      </Stack>
    </Alert>
  );
}

/** What a send will do, read before the last click: recipients, the From, a new domain's daily allowance. */
export function SendSummaryFacts({ summary }: { summary: SendSummary }) {
  const warmup = summary.warmup;
  return (
    <Stack gap="xs">
      <Table variant="vertical" withTableBorder data-testid="send-summary">
        <Table.Tbody>
          <Table.Tr>
            <Table.Th w={120}>{text.summaryRecipients}</Table.Th>
            <Table.Td data-testid="send-summary-recipients">{summary.recipients.toLocaleString('en-US')}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>{text.summaryFrom}</Table.Th>
            <Table.Td data-testid="send-summary-from">{`${summary.fromName} <${summary.fromAddress}>`}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      {warmup ? (
        <Alert color="blue" icon={<IconFlame aria-hidden />} data-testid="send-summary-warmup">
          <Text size="sm">{text.warmupToday(warmup.domain, warmup.dayNumber, warmup.days, warmup.allowance, warmup.remaining)}</Text>
          {summary.warmupNote ? <Text size="sm">{summary.warmupNote}</Text> : null}
        </Alert>
      ) : null}
      {summary.warmupMinimum !== null ? <Text size="sm">{text.warmupMinimum(summary.warmupMinimum)}</Text> : null}
      {summary.senderProblem ? (
        <Text size="sm" c="red.8">
          {summary.senderProblem}
        </Text>
      ) : null}
      {summary.postalAddress ? null : <PostalAddressMissing message={text.postalMissing} />}
    </Stack>
  );
}

interface SendConfirmProps {
  opened: boolean;
  campaignName: string;
  /** null while it loads. */
  summary: SendSummary | null;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Send Now's confirmation: the campaign, how many people it reaches and from whom, and any limit of the day. */
export function SendConfirmDialog({ opened, campaignName, summary, busy, onConfirm, onCancel }: SendConfirmProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title={text.sendNowTitle} centered size="lg">
      <Stack>
        <Text>{text.sendNowConfirm(campaignName)}</Text>
        {summary ? <SendSummaryFacts summary={summary} /> : <Skeleton h={90} aria-label={text.summaryLoading} />}
      </Stack>
      <DialogActions
        onCancel={onCancel}
        onConfirm={onConfirm}
        busy={busy}
        disabled={summary === null || !summary.postalAddress}
        confirmLabel={messages.confirm}
        testId="confirm-yes"
        mt="lg"
      />
    </Modal>
  );
}
