import { Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { createTemplateFolder, type TemplateFolder, type TemplateType } from '../../api/templates';
import { DialogActions } from '../../components/DialogActions';
import { toast } from '../../lib/toast';
import { toastError } from '../../lib/toast-error';
import { folderNameError } from './folder-rules';
import { templateMessages as text } from './messages';
import { inlineNameMax } from './template-types';

interface FolderCreateModalProps {
  type: TemplateType;
  /** Where the folder goes: null at the top, undefined while the modal is closed. */
  parent: TemplateFolder | null | undefined;
  onClose: () => void;
  onCreated: () => void;
}

/** A new folder of a template type, at the top or inside `parent`. */
export function FolderCreateModal({ type, parent, onClose, onCreated }: FolderCreateModalProps) {
  const [name, setName] = useState('');
  const [saving, setSaving] = useState(false);

  const close = () => {
    setName('');
    onClose();
  };

  const submit = async () => {
    const error = folderNameError(name);
    if (error) {
      toast('error', error);
      return;
    }
    setSaving(true);
    try {
      await createTemplateFolder({ name: name.trim(), type, parentId: parent?._id ?? null });
      toast('success', text.folderCreated);
      onCreated();
      close();
    } catch (caught) {
      toastError(caught);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened={parent !== undefined} onClose={close} title={parent ? text.newSubfolder(parent.name) : text.newFolder} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <TextInput
            label={text.folderName}
            value={name}
            maxLength={inlineNameMax}
            description={text.nameMax}
            onChange={(event) => setName(event.currentTarget.value)}
            data-autofocus
            data-testid="folder-name-input"
          />
          <DialogActions onCancel={close} busy={saving} testId="folder-create-save" />
        </Stack>
      </form>
    </Modal>
  );
}
