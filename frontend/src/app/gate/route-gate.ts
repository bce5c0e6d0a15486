import { paths } from '../../config/paths';
import type { AppRoute } from '../../config/routes';
import type { Session } from '../../lib/session';

export const repNotificationsRedirect = paths.setup.href('repNotifications');

/** Spec 2.5: where a route sends the user instead of rendering, or null to render it. */
export function gateRedirect(route: AppRoute, search: string, session: Session): string | null {
  const { status, access } = session;
  if (!status) return null;
  // Spec 4: a client whose setup is incomplete (navigate=showSetup) only reaches the setup page.
  if (status.navigate === 'showSetup') return route.mkm ? paths.setup.href() : null;
  if (status.repNotificationsOnly && !route.repOnly) return repNotificationsRedirect;
  const query = new URLSearchParams(search);
  if (route.layout && (query.get('ESFE') === '0' || query.get('MKMUA') === '0')) return paths.setup.href('marketingDisabled');
  if (!route.mkm || access?.userHasMKMAccess) return null;
  const openedFromMarketing = !route.layout && query.get('source') === 'mm' && Boolean(query.get('campaignId'));
  return openedFromMarketing ? null : paths.accessDenied.href();
}
