import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render as testingLibraryRender } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { createQueryClient } from '../api/query';
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

/**
 * Mounts `ui` as the app does: in a data router (one splat route), so useBlocker works, with
 * a fresh query cache of its own (the app's defaults: no retries), so no answer outlives its test.
 */
export function render(ui: ReactNode, { route = '/', session = emptySession }: Options = {}) {
  const element = (
    <SessionProvider value={session}>
      {ui}
      <LocationProbe />
    </SessionProvider>
  );
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [route] });
  return testingLibraryRender(
    <QueryClientProvider client={createQueryClient()}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <RouterProvider router={router} />
      </MantineProvider>
    </QueryClientProvider>,
  );
}
