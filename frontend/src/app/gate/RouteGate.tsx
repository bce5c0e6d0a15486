import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import type { AppRoute } from '../../config/routes';
import { useSession } from '../../lib/session';
import { gateRedirect } from './route-gate';

export function RouteGate({ route, children }: { route: AppRoute; children: ReactNode }) {
  const location = useLocation();
  const redirect = gateRedirect(route, location.search, useSession());
  if (redirect) return <Navigate to={redirect} replace />;
  return <>{children}</>;
}
