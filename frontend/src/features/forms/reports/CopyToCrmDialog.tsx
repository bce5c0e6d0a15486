import { Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../../../api/client';
import { queryKeys, useApiMutation, useApiQuery } from '../../../api/query';
import { DialogActions } from '../../../components/DialogActions';
import { copyToCrm, listReps, type CrmRep } from './api';
import { formReportMessages as text } from './messages';

function repLabel(rep: CrmRep): string {
  const name = [rep.firstName, rep.lastName].filter(Boolean).join(' ').trim();
  return name ? `${name} <${rep.email}>` : rep.email;
}

/** Copy to CRM (spec 5.5): a rep is required; the server refuses a disabled one in its words. */
export function CopyToCrmDialog({ formId, opened, onClose }: { formId: number; opened: boolean; onClose: () => void }) {
  const [repId, setRepId] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const reps = useApiQuery(queryKeys.list('reps', { for: 'crmCopy' }), (signal) => listReps(signal), { enabled: opened });
  const copy = useApiMutation((rep: number | null) => copyToCrm(formId, rep), {
    invalidates: ['profiles'],
    success: (answer) => text.copied(answer.profiles),
    toastErrors: false,
  });
  const submit = async () => {
    try {
      await copy.mutateAsync(repId === null ? null : Number(repId));
      onClose();
    } catch (caught) {
      if (caught instanceof ApiError) setError(caught.errors.repId?.[0] ?? caught.message);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={text.copyToCrm}>
      <Stack>
        <Text size="sm">{text.copyToCrmIntro}</Text>
        <Select
          label={text.rep}
          placeholder={text.chooseRep}
          withAsterisk
          searchable
          data={(reps.data ?? []).map((rep) => ({ value: String(rep.id), label: repLabel(rep) }))}
          value={repId}
          onChange={(value) => {
            setRepId(value);
            setError(undefined);
          }}
          error={error}
          data-testid="crm-rep"
        />
        <DialogActions onCancel={onClose} onConfirm={() => void submit()} busy={copy.isPending} confirmLabel={text.copyToCrm} testId="crm-copy-confirm" />
      </Stack>
    </Modal>
  );
}
