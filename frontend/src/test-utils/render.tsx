import { MantineProvider } from '@mantine/core';
import { render as testingLibraryRender } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
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

export function render(ui: ReactNode, { route = '/', session = emptySession }: Options = {}) {
  return testingLibraryRender(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <MemoryRouter initialEntries={[route]}>
        <SessionProvider value={session}>
          {ui}
          <LocationProbe />
        </SessionProvider>
      </MemoryRouter>
    </MantineProvider>,
  );
}
