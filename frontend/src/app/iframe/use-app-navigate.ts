import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSession } from '../../lib/session';

export interface NavigateMessage {
  type: 'navigate';
  pgUrl: string;
  pgTitle: string;
}

/**
 * Spec 2.3: inside an iframe the parent page navigates, told by a message with the page url
 * and title; otherwise the in-app router does. Posting to each allowed origin is safe: the
 * browser delivers it only to the one the parent actually has.
 */
export function useAppNavigate(): (to: string, title: string) => void {
  const navigate = useNavigate();
  const { status } = useSession();
  const origins = status?.parentOrigins;
  return useCallback(
    (to: string, title: string) => {
      if (window.parent !== window && origins && origins.length > 0) {
        const message: NavigateMessage = { type: 'navigate', pgUrl: to, pgTitle: title };
        for (const origin of origins) window.parent.postMessage(message, origin);
        return;
      }
      navigate(to);
    },
    [navigate, origins],
  );
}
