import { MantineProvider } from '@mantine/core';
import { render as testingLibraryRender } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { cssVariablesResolver, theme } from '../config/theme';
import { emptySession, SessionProvider, type Session } from '../lib/session';

interface Options {
  route?: string;
  session?: Session;
}

/** Shows the router's current location so tests can assert where the app went. */
export function LocationProbe() {
  const { pathname, search } = useLocation();
  return <div data-testid="location">{`${pathname}${search}`}</div>;
}

/** Mounts `ui` as the app does: in a data router (one splat route), so useBlocker works. */
export function render(ui: ReactNode, { route = '/', session = emptySession }: Options = {}) {
  const element = (
    <SessionProvider value={session}>
      {ui}
      <LocationProbe />
    </SessionProvider>
  );
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [route] });
  return testingLibraryRender(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}
