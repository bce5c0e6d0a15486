import { useEffect } from 'react';
import { NavigationType, useBlocker, type Blocker } from 'react-router-dom';

/**
 * UI.md's leave-page guard: while `isDirty()` says the screen has unsaved changes, a move to
 * another page inside the app is held (the blocker's state turns 'blocked' until the caller
 * proceeds or resets it), and a reload or close asks the browser's own question.
 * `isDirty` is read when the navigation happens, so a save followed at once by a navigation
 * is not held. Redirects the app makes itself (replace: sign-in, session expiry) pass.
 */
export function useLeaveGuard(isDirty: () => boolean): Blocker {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation, historyAction }) =>
      historyAction !== NavigationType.Replace &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search) &&
      isDirty(),
  );
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!isDirty()) return;
      event.preventDefault();
      // Older Chromium asks only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [isDirty]);
  return blocker;
}
