import { Modal, Select } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { ApiError } from '../../api/client';
import type { FileFolderNode, StoredFile } from '../../api/files';
import { DialogActions } from '../../components/DialogActions';
import { toastError } from '../../lib/toast-error';
import { flattenFolders } from './files-logic';
import { fileMessages as text } from './messages';

const ROOT = 'root';

interface MoveDialogProps {
  file: StoredFile | null;
  folders: FileFolderNode[];
  onMove: (file: StoredFile, folderId: number | null) => Promise<unknown>;
  onClose: () => void;
}

/** Where to move a file: the root or any folder by its path; the file's own folder is refused (spec 5.10). */
export function MoveDialog({ file, folders, onMove, onClose }: MoveDialogProps) {
  const [target, setTarget] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const options = useMemo(
    () => [{ value: ROOT, label: text.root }, ...flattenFolders(folders).map((folder) => ({ value: String(folder.id), label: `${text.root} / ${folder.label}` }))],
    [folders],
  );

  useEffect(() => {
    setTarget(null);
    setError(null);
  }, [file]);

  const submit = async () => {
    if (!file || target === null) return;
    const folderId = target === ROOT ? null : Number(target);
    if (folderId === file.folderId) {
      setError(text.sameFolder);
      return;
    }
    setBusy(true);
    try {
      await onMove(file, folderId);
      onClose();
    } catch (caught) {
      const fieldErrors = caught instanceof ApiError ? (caught.errors.folderId ?? []) : [];
      if (fieldErrors.length) setError(fieldErrors[0]);
      else toastError(caught);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={file !== null} onClose={onClose} title={file ? text.moveTitle(file.name) : ''} centered>
      <Select
        label={text.moveTo}
        data={options}
        value={target}
        onChange={(value) => {
          setTarget(value);
          setError(null);
        }}
        error={error}
        searchable
        comboboxProps={{ withinPortal: false }}
        data-testid="move-target"
      />
      <DialogActions onCancel={onClose} onConfirm={() => void submit()} busy={busy} confirmLabel={text.move} testId="move-confirm" mt="lg" />
    </Modal>
  );
}
