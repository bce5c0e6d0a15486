import type { ComponentType, LazyExoticComponent } from 'react';
import { appRoutes, type RoutePath } from '../config/routes';
import { pages } from './pages';

test('every built screen is keyed by a route of the table', () => {
  const table = new Set<string>(appRoutes.map((route) => route.path));
  for (const path of Object.keys(pages)) expect(table.has(path), path).toBe(true);
});

// Checked by `npm run typecheck`: a misspelt key does not compile (it would leave its route
// on the title page without a word).
export const misspelt: Partial<Record<RoutePath, LazyExoticComponent<ComponentType>>> = {
  // @ts-expect-error the route table has /backgroundJobs
  '/backgroundjobs': pages['/backgroundJobs'],
};

test('the Reputation Dashboard of the menu (spec 2.2) has its own screen, not the title page', () => {
  expect(pages['/reputationdashboard']).toBeDefined();
});
