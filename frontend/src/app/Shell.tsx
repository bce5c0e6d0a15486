import { ParentMessages } from './iframe/ParentMessages';
import { AppRoutes } from './router';
import { SessionExpiryRedirect } from './SessionExpiryRedirect';
import { Startup } from './startup/Startup';

/** Everything inside the router; tests mount it in a memory data router (test-utils/render.tsx). */
export function Shell() {
  return (
    <>
      <SessionExpiryRedirect />
      <Startup>
        <ParentMessages />
        <AppRoutes />
      </Startup>
    </>
  );
}
