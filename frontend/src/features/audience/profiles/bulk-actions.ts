import { messages } from '../../../lib/messages';
import type { BulkAction } from './api';

export interface BulkActionSpec {
  action: BulkAction;
  label: string;
  target?: 'group' | 'tag';
  actionType?: string;
  color?: string;
}

export const bulkActionSpecs: Record<BulkAction, BulkActionSpec> = {
  addToGroup: { action: 'addToGroup', label: messages.bulkAddToGroup, target: 'group' },
  removeFromGroup: { action: 'removeFromGroup', label: messages.bulkRemoveFromGroup, target: 'group' },
  addTag: { action: 'addTag', label: messages.bulkAddTag, target: 'tag' },
  removeTag: { action: 'removeTag', label: messages.bulkRemoveTag, target: 'tag' },
  archive: { action: 'archive', label: messages.bulkArchive },
  delete: { action: 'delete', label: messages.bulkDelete, actionType: 'deleteProfiles', color: 'red' },
  unsubscribe: { action: 'unsubscribe', label: messages.bulkUnsubscribe },
  restore: { action: 'restore', label: messages.bulkRestore },
};

export const listBulkActions: BulkAction[] = [
  'addToGroup',
  'removeFromGroup',
  'addTag',
  'removeTag',
  'archive',
  'delete',
  'unsubscribe',
];
