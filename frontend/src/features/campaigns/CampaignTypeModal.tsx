import { Modal, Stack, Switch, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { DialogActions } from '../../components/DialogActions';
import { fillErrors } from '../../lib/form-helper';
import { toast } from '../../lib/toast';
import { toastError } from '../../lib/toast-error';
import type { CampaignType, CampaignTypeFields } from './api';
import { campaignMessages as text } from './messages';

interface CampaignTypeModalProps {
  editing: CampaignType | 'new' | null;
  onSave: (fields: CampaignTypeFields) => Promise<unknown>;
  onClose: () => void;
}

/** Create or edit a campaign type: its name, private or public, enabled or disabled (spec 3). */
export function CampaignTypeModal({ editing, onSave, onClose }: CampaignTypeModalProps) {
  const [fields, setFields] = useState<CampaignTypeFields>({ name: '', isPrivate: false, isEnabled: true });
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (editing === 'new') setFields({ name: '', isPrivate: false, isEnabled: true });
    else if (editing) setFields({ name: editing.name, isPrivate: editing.isPrivate, isEnabled: editing.isEnabled });
  }, [editing]);

  const submit = async () => {
    const errors = fillErrors([{ label: text.typeName, value: fields.name }]);
    if (errors.length) {
      errors.forEach((error) => toast('error', error));
      return;
    }
    setSaving(true);
    try {
      await onSave({ ...fields, name: fields.name.trim() });
      onClose();
    } catch (error) {
      toastError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened={editing !== null} onClose={onClose} title={editing === 'new' ? text.createType : text.editType} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <TextInput
            label={text.typeName}
            value={fields.name}
            onChange={(event) => setFields({ ...fields, name: event.currentTarget.value })}
            data-autofocus
            data-testid="campaign-type-name"
          />
          <Switch
            label={text.private}
            description={text.privateHint}
            checked={fields.isPrivate}
            onChange={(event) => setFields({ ...fields, isPrivate: event.currentTarget.checked })}
            data-testid="campaign-type-private"
          />
          <Switch
            label={text.enabled}
            checked={fields.isEnabled}
            onChange={(event) => setFields({ ...fields, isEnabled: event.currentTarget.checked })}
            data-testid="campaign-type-enabled"
          />
          <DialogActions onCancel={onClose} busy={saving} testId="campaign-type-save" />
        </Stack>
      </form>
    </Modal>
  );
}
