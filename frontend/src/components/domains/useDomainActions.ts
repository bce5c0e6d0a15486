import { useState } from 'react';
import { ApiError } from '../../api/client';
import { toast } from '../../lib/toast';
import { toastError } from '../../lib/toast-error';

interface DomainListActions<T> {
  add: (name: string) => Promise<unknown>;
  remove: (domain: T) => Promise<unknown>;
  addedMessage: string;
  removedMessage: string;
  /** After an add or a removal: the lists showing domains refetch. */
  onChanged: () => void;
}

/**
 * The add form and the removal of a domain setup screen (sender domains, page domains): the
 * name typed, its field error from the server, the busy states and the success toasts.
 */
export function useDomainList<T extends { id: number }>({ add, remove, addedMessage, removedMessage, onChanged }: DomainListActions<T>) {
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState('');
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<T | null>(null);
  const [removingBusy, setRemovingBusy] = useState(false);

  const addDomain = async () => {
    setAdding(true);
    setNameError('');
    try {
      await add(name.trim());
      toast('success', addedMessage);
      setName('');
      onChanged();
    } catch (error) {
      if (error instanceof ApiError) setNameError(error.errors.name?.[0] ?? '');
      toastError(error);
    } finally {
      setAdding(false);
    }
  };

  const removeDomain = async () => {
    if (!removing) return;
    setRemovingBusy(true);
    try {
      await remove(removing);
      toast('success', removedMessage);
      setRemoving(null);
      onChanged();
    } catch (error) {
      toastError(error);
    } finally {
      setRemovingBusy(false);
    }
  };

  return { name, setName, nameError, adding, addDomain, removing, setRemoving, removingBusy, removeDomain };
}

/**
 * A domain card's Verify: a success toasts `verifiedMessage`; a failure shows beside the
 * records (the card's alert and each record's state), so the list refetches either way.
 */
export function useDomainVerify(verify: () => Promise<{ status: string }>, verifiedMessage: string, onChanged: () => void) {
  const [checking, setChecking] = useState(false);
  const run = async () => {
    setChecking(true);
    try {
      const answer = await verify();
      if (answer.status === 'verified') toast('success', verifiedMessage);
    } catch (error) {
      toastError(error);
    } finally {
      setChecking(false);
      onChanged();
    }
  };
  return { checking, verify: run };
}
