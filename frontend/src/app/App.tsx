import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from './providers';
import { Shell } from './Shell';

// A data router so screens can hold a navigation while a form has unsaved changes
// (useBlocker, lib/use-leave-guard.ts); its one splat route renders the route tree of
// router.tsx, which stays as it is.
const router = createBrowserRouter([{ path: '*', element: <Shell /> }]);

export function App() {
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
