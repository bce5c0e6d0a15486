import { appStorage } from '../../lib/app-storage';
import { storageKeys } from '../../lib/storage-keys';

export const statusRetryLimit = 2;
export const statusRetryDelayMs = 1000;

/** Spec 8: a 301 on the status call reloads up to twice; the count survives the reloads in session storage. */
export function takeStatusRetry(): boolean {
  const used = Number(appStorage.getItem(storageKeys.statusRetries) ?? '0') || 0;
  if (used >= statusRetryLimit) return false;
  appStorage.setItem(storageKeys.statusRetries, String(used + 1));
  return true;
}

export function resetStatusRetries(): void {
  appStorage.setItem(storageKeys.statusRetries, '0');
}
