import { createContext, useContext } from 'react';
import type { Status } from '../api/status';
import type { Access } from './access';

/** What startup learnt: null on pages that render without the status call. */
export interface Session {
  status: Status | null;
  access: Access | null;
}

export const emptySession: Session = { status: null, access: null };

const SessionContext = createContext<Session>(emptySession);

export const SessionProvider = SessionContext.Provider;

export function useSession(): Session {
  return useContext(SessionContext);
}
