import { Modal, Stack, TextInput } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { toast } from '../../../lib/toast';
import { fillErrors } from '../../../lib/form-helper';
import { messages } from '../../../lib/messages';
import { DialogActions } from '../../../components/DialogActions';

interface NameModalProps {
  opened: boolean;
  title: string;
  label: string;
  initialName?: string;
  children?: ReactNode;
  /** Extra client-side rules; the first message returned is shown and the save is stopped. */
  validate?: (name: string) => string | null;
  onSave: (name: string) => Promise<unknown>;
  onClose: () => void;
}

/** A one-name form (group, category, tag): the form helper's message when empty, the server's message on refusal. */
export function NameModal({ opened, title, label, initialName = '', children, validate, onSave, onClose }: NameModalProps) {
  const [name, setName] = useState(initialName);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (opened) setName(initialName);
  }, [opened, initialName]);

  const submit = async () => {
    const errors = fillErrors([{ label, value: name }]);
    const ruleError = errors.length ? null : validate?.(name.trim());
    if (errors.length || ruleError) {
      (ruleError ? [ruleError] : errors).forEach((error) => toast('error', error));
      return;
    }
    setSaving(true);
    try {
      await onSave(name.trim());
      onClose();
    } catch (error) {
      toast('error', error instanceof Error ? error.message : messages.somethingWentWrong);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <TextInput label={label} value={name} onChange={(event) => setName(event.currentTarget.value)} data-autofocus data-testid="name-input" />
          {children}
          <DialogActions onCancel={onClose} busy={saving} testId="name-save" />
        </Stack>
      </form>
    </Modal>
  );
}
