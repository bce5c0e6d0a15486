import { Modal, Stack, Switch, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { DialogActions } from '../../components/DialogActions';
import { ApiError } from '../../api/client';
import { fillErrors } from '../../lib/form-helper';
import { toast } from '../../lib/toast';
import { toastError } from '../../lib/toast-error';
import type { Sender, SenderFields } from './api';
import { senderMessages as text } from './messages';

interface SenderModalProps {
  editing: Sender | 'new' | null;
  onSave: (fields: SenderFields) => Promise<unknown>;
  onClose: () => void;
}

const blank: SenderFields = { name: '', email: '', replyTo: '', isDefault: false };

/** Add or edit a sender: its name (at most 50 characters, spec 9), address and reply-to. */
export function SenderModal({ editing, onSave, onClose }: SenderModalProps) {
  const [fields, setFields] = useState<SenderFields>(blank);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    setErrors({});
    if (editing === 'new') setFields(blank);
    else if (editing) setFields({ name: editing.name, email: editing.email, replyTo: editing.replyTo, isDefault: editing.isDefault });
  }, [editing]);

  const submit = async () => {
    const missing = fillErrors([
      { label: 'Sender Name', value: fields.name },
      { label: 'Sender Email', value: fields.email },
    ]);
    if (missing.length) {
      missing.forEach((error) => toast('error', error));
      return;
    }
    setSaving(true);
    try {
      await onSave({ ...fields, name: fields.name.trim(), email: fields.email.trim(), replyTo: fields.replyTo.trim() });
      onClose();
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.errors);
      toastError(error);
    } finally {
      setSaving(false);
    }
  };

  const fieldError = (name: string) => errors[name]?.[0];
  return (
    <Modal opened={editing !== null} onClose={onClose} title={editing === 'new' ? text.addSender : text.editSender} centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <TextInput
            label={text.name}
            value={fields.name}
            maxLength={text.nameLimit}
            description={`${fields.name.length}/${text.nameLimit}`}
            error={fieldError('name')}
            onChange={(event) => setFields({ ...fields, name: event.currentTarget.value })}
            data-autofocus
            required
            data-testid="sender-name"
          />
          <TextInput
            label={text.email}
            type="email"
            value={fields.email}
            error={fieldError('email')}
            onChange={(event) => setFields({ ...fields, email: event.currentTarget.value })}
            required
            data-testid="sender-email"
          />
          <TextInput
            label={text.replyTo}
            type="email"
            value={fields.replyTo}
            error={fieldError('replyTo')}
            onChange={(event) => setFields({ ...fields, replyTo: event.currentTarget.value })}
            data-testid="sender-reply-to"
          />
          {!(editing !== 'new' && editing?.isDefault) && (
            <Switch
              label={text.makeDefault}
              description={text.makeDefaultHint}
              checked={fields.isDefault}
              onChange={(event) => setFields({ ...fields, isDefault: event.currentTarget.checked })}
              data-testid="sender-default"
            />
          )}
          <DialogActions onCancel={onClose} busy={saving} testId="sender-save" />
        </Stack>
      </form>
    </Modal>
  );
}
