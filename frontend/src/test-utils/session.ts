import type { Status } from '../api/status';
import type { Access } from '../lib/access';
import type { Session } from '../lib/session';

export function makeAccess(overrides: Partial<Access> = {}): Access {
  return { userHasMKMAccess: true, accessControlList: [], userRole: 'ADMIN', ...overrides };
}

/** base64url without padding of UTF-8 JSON, as the back end encodes accessControl. */
export function encodeAccess(access: Access): string {
  const bytes = new TextEncoder().encode(JSON.stringify(access));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A status answer; `status` may be any string so tests can play a misbehaving server. */
export function makeStatus(
  overrides: Partial<Omit<Status, 'status'>> & { status?: string } = {},
  access: Access = makeAccess(),
): Status {
  return {
    status: 'success',
    navigate: '',
    message: '',
    timeZoneMinutes: 0,
    estDateOffset: -300,
    accessControl: encodeAccess(access),
    subscriptionsEnabled: false,
    repNotificationsOnly: false,
    token: 'token-1',
    parentOrigins: ['https://suite.example'],
    user: { email: 'ann@demo.test', firstName: 'Ann', lastName: 'Lee', role: access.userRole },
    client: { name: 'Demo', siteType: 'MM', timeZone: 'America/New_York' },
    ...overrides,
  } as Status;
}

export function makeSession(statusOverrides: Partial<Status> = {}, accessOverrides: Partial<Access> = {}): Session {
  const access = makeAccess(accessOverrides);
  return { status: makeStatus(statusOverrides, access), access };
}
