import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { getStatus } from '../../api/status';
import { paths } from '../../config/paths';
import { findRoute, isSessionExemptPath, needsStatus } from '../../config/routes';
import { reloadPage } from '../../lib/browser';
import { messages } from '../../lib/messages';
import { emptySession, SessionProvider, type Session } from '../../lib/session';
import { LoadingScreen } from '../loading/LoadingScreen';
import { resetStatusRetries, statusRetryDelayMs, takeStatusRetry } from './status-retries';
import { storeSession } from './store-session';

/**
 * Spec 4 "Startup" and spec 8: pages that need it wait for the status call, then render with
 * the session it gives, or leave for /setupPage, /errorPage, sign-in or /sessionout.
 */
export function Startup({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const [session, setSession] = useState<Session>(emptySession);
  // A recipient page whose status call met a 301 renders without a session (spec 8 excludes it).
  const [ungatedPath, setUngatedPath] = useState<string | null>(null);
  const loading = useRef(false);
  // One status call per page. Taking `clnt` off the address changes only its query, and the
  // router renders that change in a transition, which may come after the first answer has
  // landed: asking again then (without the payload) would answer 401 and send a person with
  // a bad payload to sign-in instead of the error page. A new path may ask again.
  useEffect(() => {
    loading.current = false;
  }, [location.pathname]);

  const route = findRoute(location.pathname);
  const waiting =
    route !== undefined && needsStatus(route) && session.status === null && ungatedPath !== location.pathname;

  useEffect(() => {
    if (!waiting || loading.current) return;
    loading.current = true;

    const params = new URLSearchParams(location.search);
    const payload = params.get('clnt');
    if (payload !== null) {
      params.delete('clnt');
      const search = params.toString() ? `?${params}` : '';
      // The router's replace is history.replaceState, and keeps the router's own location in step.
      navigate({ pathname: location.pathname, search, hash: location.hash }, { replace: true, state: location.state });
    }
    const here = `${location.pathname}${params.toString() ? `?${params}` : ''}`;
    const fail = (message?: string) =>
      navigate(paths.errorPage.href(), { replace: true, state: { message: message || messages.somethingWentWrongTryLater } });

    getStatus(payload)
      .then((status) => {
        if (status.status !== 'success') return fail(status.message);
        if (status.navigate === 'showSetup') return setSession({ status, access: null });
        let access;
        try {
          access = storeSession(status);
        } catch {
          return fail();
        }
        resetStatusRetries();
        setSession({ status, access });
      })
      .catch((error: unknown) => {
        if (!(error instanceof ApiError)) return fail();
        if (error.status === 401) {
          return navigate(paths.login.href(here), { replace: true });
        }
        if (error.status !== 301) return fail(error.message);
        if (isSessionExemptPath(location.pathname)) return setUngatedPath(location.pathname);
        if (takeStatusRetry()) {
          setTimeout(reloadPage, statusRetryDelayMs);
          return;
        }
        navigate(paths.sessionOut.href(), { replace: true });
      });
  }, [waiting, location.pathname, location.search, location.hash, location.state, navigate]);

  if (waiting) return <LoadingScreen />;
  return <SessionProvider value={session}>{children}</SessionProvider>;
}
