import { Alert, List, Modal, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { deleteHeaderFooter, getAssociatedCampaigns, type HeaderFooter, type HeaderFooterKind } from '../../api/templates';
import { DialogActions } from '../../components/DialogActions';
import { queryKeys, useApiQuery } from '../../api/query';
import { messages } from '../../lib/messages';
import { toast } from '../../lib/toast';
import { toastError } from '../../lib/toast-error';
import { groupCampaigns } from './header-footer-rules';
import { templateMessages as text } from './messages';

interface DeleteHeaderFooterDialogProps {
  kind: HeaderFooterKind;
  item: HeaderFooter | null;
  onClose: () => void;
  onDeleted: () => void;
}

/**
 * Spec 7: before a header or footer is deleted, the user sees the campaigns using it grouped
 * by Draft, Published and Unpublished (footers also Scheduled), then confirms.
 */
export function DeleteHeaderFooterDialog({ kind, item, onClose, onDeleted }: DeleteHeaderFooterDialogProps) {
  return (
    <Modal opened={item !== null} onClose={onClose} title={text.hfDeleteTitle(kind)} centered>
      {item && <DeleteBody kind={kind} item={item} onClose={onClose} onDeleted={onDeleted} />}
    </Modal>
  );
}

function DeleteBody({ kind, item, onClose, onDeleted }: { kind: HeaderFooterKind; item: HeaderFooter; onClose: () => void; onDeleted: () => void }) {
  const campaigns = useApiQuery(queryKeys.detail('headerFooters', item.id, { kind, campaigns: true }), (signal) => getAssociatedCampaigns(kind, item.id, signal), { fresh: true });
  const [busy, setBusy] = useState(false);
  const groups = campaigns.data ? groupCampaigns(kind, campaigns.data.associatedCampaigns) : [];
  const count = groups.reduce((total, group) => total + group.names.length, 0);

  const remove = async () => {
    setBusy(true);
    try {
      await deleteHeaderFooter(kind, item.id);
      toast('success', text.hfDeleted(kind));
      onDeleted();
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack data-testid="hf-delete-dialog">
      <Text>{text.hfDeleteConfirm(item.name)}</Text>
      {campaigns.error && <Alert color="red">{campaigns.error}</Alert>}
      {campaigns.loading ? (
        <Stack gap={4} aria-label={text.hfCheckingCampaigns}>
          <Text size="sm" c="dimmed">
            {text.hfCheckingCampaigns}
          </Text>
          <Skeleton height={48} />
        </Stack>
      ) : (
        !campaigns.error && (
          <Stack gap="xs" data-testid="hf-associated">
            <Text size="sm" fw={500}>
              {count === 0 ? text.hfNoCampaigns : text.hfCampaignsUsing(count)}
            </Text>
            {groups.map((group) => (
              <div key={group.status} data-testid={`hf-associated-${group.status}`}>
                <Title order={3} size="sm">
                  {group.status} ({group.names.length})
                </Title>
                <List size="sm" spacing={2}>
                  {group.names.map((name, index) => (
                    <List.Item key={`${name}:${index}`}>{name}</List.Item>
                  ))}
                </List>
              </div>
            ))}
          </Stack>
        )
      )}
      <DialogActions onCancel={onClose} onConfirm={() => void remove()} busy={busy || campaigns.loading} confirmLabel={messages.delete} testId="hf-delete-confirm" />
    </Stack>
  );
}
