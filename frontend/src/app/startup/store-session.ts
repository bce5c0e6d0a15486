import { appStorage } from '../../lib/app-storage';
import type { Status } from '../../api/status';
import { decodeAccess, type Access } from '../../lib/access';
import { keepTokenIfCookiesRefused } from '../../lib/credentials';
import { storageKeys } from '../../lib/storage-keys';

/**
 * Keeps what the status call answered for the rest of the tab's life: the access control in
 * its encoded form (spec 6) and the rest of the status; its token only in this page's memory
 * and only when the browser refused the session cookies (lib/credentials.ts).
 * Throws, storing nothing, when the access control cannot be decoded.
 */
export function storeSession(status: Status): Access {
  const access = decodeAccess(status.accessControl);
  const { accessControl, token, ...rest } = status;
  appStorage.setItem(storageKeys.access, accessControl);
  appStorage.setItem(storageKeys.status, JSON.stringify(rest));
  keepTokenIfCookiesRefused(token);
  return access;
}
