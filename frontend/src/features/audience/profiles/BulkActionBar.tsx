import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { FeatureGate } from '../../../components/FeatureGate';
import { DialogActions } from '../../../components/DialogActions';
import { messages } from '../../../lib/messages';
import { toSelectData } from '../shared/useAudienceOptions';
import type { BulkAction } from './api';
import type { Named } from '../shared/options-api';
import { bulkProfiles } from './api';
import { bulkActionSpecs, type BulkActionSpec } from './bulk-actions';

interface BulkActionBarProps {
  selectedIds: number[];
  actions: BulkAction[];
  groups?: Named[];
  tags?: Named[];
  onDone: () => void;
}

/** Actions on the checked profiles; each one is confirmed, group and tag actions name their target first. */
export function BulkActionBar({ selectedIds, actions, groups = [], tags = [], onDone }: BulkActionBarProps) {
  const [pending, setPending] = useState<BulkActionSpec | null>(null);
  const [targetId, setTargetId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (selectedIds.length === 0) return null;

  const open = (spec: BulkActionSpec) => {
    setTargetId(null);
    setPending(spec);
  };

  const run = async () => {
    if (!pending) return;
    if (pending.target && !targetId) {
      toast('error', `Please fill ${pending.target === 'group' ? messages.filterGroup : messages.filterTag} `);
      return;
    }
    setBusy(true);
    try {
      const target = targetId ? Number(targetId) : undefined;
      const answer = await bulkProfiles({
        action: pending.action,
        profileIds: selectedIds,
        groupId: pending.target === 'group' ? target : undefined,
        tagId: pending.target === 'tag' ? target : undefined,
      });
      toast(answer.affected > 0 ? 'success' : 'warning', answer.message);
      setPending(null);
      onDone();
    } catch (error) {
      toast('error', error instanceof Error ? error.message : messages.somethingWentWrong);
    } finally {
      setBusy(false);
    }
  };

  const options = pending?.target === 'group' ? groups : tags;
  return (
    <>
      <Group gap="xs" data-testid="bulk-actions" p="xs" bg="var(--mantine-color-gray-0)">
        <Text size="sm" fw={600} data-testid="bulk-count">
          {messages.selectedCount(selectedIds.length)}
        </Text>
        {actions.map((action) => {
          const spec = bulkActionSpecs[action];
          const button = (
            <Button key={action} size="xs" variant="light" color={spec.color} onClick={() => open(spec)} data-testid={`bulk-${action}`}>
              {spec.label}
            </Button>
          );
          return spec.actionType ? (
            <FeatureGate key={action} actionType={spec.actionType} disable>
              {button}
            </FeatureGate>
          ) : (
            button
          );
        })}
      </Group>
      <Modal opened={pending !== null} onClose={() => setPending(null)} title={messages.bulkConfirmTitle} centered>
        <Stack>
          {pending?.target && (
            <Select
              label={pending.target === 'group' ? messages.chooseGroup : messages.chooseTag}
              data={toSelectData(options)}
              value={targetId}
              onChange={setTargetId}
              searchable
              comboboxProps={{ withinPortal: false }}
              data-testid="bulk-target"
            />
          )}
          <Text>{pending ? messages.bulkConfirm(pending.label, selectedIds.length) : ''}</Text>
          <DialogActions onCancel={() => setPending(null)} onConfirm={() => void run()} busy={busy} confirmLabel={messages.confirm} testId="confirm-yes" />
        </Stack>
      </Modal>
    </>
  );
}
