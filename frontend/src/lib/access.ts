import type { Status } from '../api/status';

/** A member's role, as the status answer names it. */
export type Role = Extract<Status, { status: 'success' }>['user']['role'];

export interface AccessControlEntry {
  actionType: string;
  users: string[];
}

export interface Access {
  userHasMKMAccess: boolean;
  accessControlList: AccessControlEntry[];
  userRole: Role;
}

const roles: readonly string[] = ['SUPERADMIN', 'ADMIN', 'USER'] satisfies Role[];

function isEntry(value: unknown): value is AccessControlEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.actionType === 'string' &&
    Array.isArray(entry.users) &&
    entry.users.every((user) => typeof user === 'string')
  );
}

/** Decodes the status answer's accessControl: base64url (no padding) of UTF-8 JSON. Throws when malformed. */
export function decodeAccess(encoded: string): Access {
  const base64 = encoded.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const bytes = Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
  const parsed: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  if (typeof parsed !== 'object' || parsed === null) throw new Error('access control is not an object');
  const access = parsed as Record<string, unknown>;
  if (
    typeof access.userHasMKMAccess !== 'boolean' ||
    !Array.isArray(access.accessControlList) ||
    !access.accessControlList.every(isEntry) ||
    typeof access.userRole !== 'string' ||
    !roles.includes(access.userRole)
  ) {
    throw new Error('access control has an unexpected shape');
  }
  return access as unknown as Access;
}
