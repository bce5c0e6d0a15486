import { useEffect, useState, type ReactNode } from 'react';
import { decodeAccess } from '../lib/access';
import { SessionProvider, useSession, type Session } from '../lib/session';
import { getStatus } from '../api/status';

/**
 * For a route that is public in spec 2.4 (/emailDomainSetupPage, /lpDomainSetupPage): startup
 * makes no status call for it. Opened on its own (a bookmark, a new tab), the page asks who is
 * signed in, so its gates show what this person may do rather than greying everything out.
 */
export function OwnSession({ children }: { children: ReactNode }) {
  const session = useSession();
  const [own, setOwn] = useState<Session | null>(null);
  useEffect(() => {
    if (session.status) return;
    let live = true;
    getStatus(null)
      .then((status) => {
        if (live && status.status === 'success') setOwn({ status, access: decodeAccess(status.accessControl) });
      })
      .catch(() => undefined); // not signed in: the list call says so
    return () => {
      live = false;
    };
  }, [session.status]);
  return <SessionProvider value={session.status ? session : (own ?? session)}>{children}</SessionProvider>;
}
