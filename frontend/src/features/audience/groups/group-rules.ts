import { messages } from '../../../lib/messages';
import type { GroupCategory } from './api';

/** Spec 5.7: no commas in a group name; a group goes only into an active category. */
export function groupNameError(name: string, category?: Pick<GroupCategory, 'isActive'>): string | null {
  if (name.includes(',')) return messages.groupNameCommas;
  if (category && !category.isActive) return messages.activateCategory;
  return null;
}
