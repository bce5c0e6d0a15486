import type { FolderAnswer } from '../../api/templates';
import { fillErrors } from '../../lib/form-helper';
import { toast } from '../../lib/toast';
import { templateMessages as text } from './messages';
import { inlineNameMax } from './template-types';

/** The client-side check of a folder name (spec 5.4): not empty, at most 20 characters. */
export function folderNameError(name: string): string | null {
  const [empty] = fillErrors([{ label: text.folderName, value: name }]);
  if (empty) return empty;
  return name.trim().length > inlineNameMax ? text.nameMax : null;
}

/** Spec 8: a folder delete or rename shows the server's message as a success or error toast. */
export function toastFolderAnswer(answer: FolderAnswer): boolean {
  const ok = answer.status === 1;
  toast(ok ? 'success' : 'error', answer.message);
  return ok;
}
