import type { MenuItem } from '../../config/menu';
import type { Session } from '../../lib/session';

/** Spec 2.3: an entry is active when the path and every query parameter it names match. */
export function isMenuItemActive(to: string | undefined, pathname: string, search: string): boolean {
  if (!to) return false;
  const target = new URL(to, 'http://menu.invalid');
  if (target.pathname.toLowerCase() !== pathname.toLowerCase()) return false;
  const current = new URLSearchParams(search);
  return [...target.searchParams].every(([key, value]) => current.get(key) === value);
}

/**
 * Subscription entries need subscriptions enabled and super-admin entries a SUPERADMIN;
 * admin entries stay in the list and are wrapped in the admin-only FeatureGate when drawn.
 */
export function isMenuItemListed(item: MenuItem, session: Session): boolean {
  if (item.subscriptions && !session.status?.subscriptionsEnabled) return false;
  if (item.restriction === 'superAdmin' && session.access?.userRole !== 'SUPERADMIN') return false;
  return true;
}
