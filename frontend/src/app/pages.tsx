import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { AppRoute } from '../config/routes';

const TitlePage = lazy(() => import('../components/TitlePage'));

// Routes whose screens exist already; every other route shows its title until its screen is built.
const pages: Record<string, LazyExoticComponent<ComponentType>> = {
  '/errorPage': lazy(() => import('../features/access/ErrorPage')),
  '/accessDenied': lazy(() => import('../features/access/AccessDeniedPage')),
  '/setupPage': lazy(() => import('../features/access/SetupPage')),
  '/sessionout': lazy(() => import('../features/auth/SessionOutPage')),
  '/trial/login': lazy(() => import('../features/auth/LoginPage')),
  '/sidemenu': lazy(() => import('./layout/SideMenuPage')),
};

export function RoutePage({ route }: { route: AppRoute }) {
  const Page = pages[route.path];
  return Page ? <Page /> : <TitlePage title={route.title} />;
}
