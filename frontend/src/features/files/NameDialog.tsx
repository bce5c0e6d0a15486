import { Modal, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { ApiError } from '../../api/client';
import { DialogActions } from '../../components/DialogActions';
import { toastError } from '../../lib/toast-error';
import { nameProblem } from './files-logic';
import { fileMessages as text } from './messages';

interface NameDialogProps {
  opened: boolean;
  title: string;
  label: string;
  kind: 'folder' | 'file';
  initial: string;
  /** Saves the name; a refusal with a field error for `name` is shown under the field. */
  onSave: (name: string) => Promise<unknown>;
  onClose: () => void;
}

/** One name to type: a new folder, or a folder's or file's new name. */
export function NameDialog({ opened, title, label, kind, initial, onSave, onClose }: NameDialogProps) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (opened) {
      setName(initial);
      setError(null);
    }
  }, [opened, initial]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const problem = nameProblem(name, kind);
    if (problem) {
      setError(problem === 'tooLong' ? text.folderNameTooLong : kind === 'folder' ? text.folderNameRequired : text.fileNameRequired);
      return;
    }
    setBusy(true);
    try {
      await onSave(name.trim());
      onClose();
    } catch (caught) {
      const fieldErrors = caught instanceof ApiError ? (caught.errors.name ?? []) : [];
      if (fieldErrors.length) setError(fieldErrors[0]);
      else toastError(caught);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <TextInput
          label={label}
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setError(null);
          }}
          error={error}
          maxLength={kind === 'folder' ? 20 : 100}
          data-autofocus
          data-testid="name-input"
        />
        <DialogActions onCancel={onClose} busy={busy} testId="name-save" mt="lg" />
      </form>
    </Modal>
  );
}
