import { canSeeFeature } from '../../components/FeatureGate';
import { useSession } from '../../lib/session';
import { AdminHome } from './AdminHome';

/**
 * The first screen's panel, for admins: the getting-started list until the client has sent a
 * campaign, then the home dashboard. Others see the campaign list alone.
 */
export function HomePanel() {
  const { access, status } = useSession();
  const admin = canSeeFeature(access, undefined, true);
  if (!admin) return null;
  return <AdminHome zoneMinutes={status?.timeZoneMinutes ?? 0} />;
}
