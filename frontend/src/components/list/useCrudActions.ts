import { useState } from 'react';
import { useInvalidate, type Resource } from '../../api/query';
import { toast } from '../../lib/toast';
import { toastError } from '../../lib/toast-error';
import { messages } from '../../lib/messages';

interface CrudOptions<T> {
  /** What a save or delete changes: invalidated after each, so the screens showing them refetch. */
  invalidates: readonly Resource[];
  deleteItem: (item: T) => Promise<unknown>;
  deletedMessage: string;
  /** The question of the delete confirmation. */
  confirmMessage: (item: T) => string;
  /** Creates (`'new'`) or renames an item from a name form, then toasts `message`. */
  saving?: { save: (name: string, item: T | 'new') => Promise<unknown>; message: string };
}

/**
 * The create/rename/delete flow of a list screen: which item is being edited or deleted,
 * the name form's save, and the props of the delete confirmation (success toast and invalidation,
 * or the error toast).
 */
export function useCrudActions<T>({ invalidates, deleteItem, deletedMessage, confirmMessage, saving }: CrudOptions<T>) {
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);
  const invalidate = useInvalidate();

  const save = async (name: string) => {
    if (!saving) return;
    if (editing) await saving.save(name, editing);
    toast('success', saving.message);
    void invalidate(...invalidates);
  };

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await deleteItem(deleting);
      toast('success', deletedMessage);
      setDeleting(null);
      void invalidate(...invalidates);
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };

  const confirmProps = {
    opened: deleting !== null,
    title: messages.bulkConfirmTitle,
    message: deleting ? confirmMessage(deleting) : '',
    busy,
    onConfirm: () => void remove(),
    onCancel: () => setDeleting(null),
  };

  return { editing, setEditing, setDeleting, save, confirmProps };
}
