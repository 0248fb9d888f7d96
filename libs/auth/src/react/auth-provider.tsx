import {
  createContext,
  use,
  useMemo,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { LoginRequest, User } from '@collective/api-client';
import { deriveAccess, type Access } from '../access';
import type { SessionState, SessionStore } from '../session-store';

const SessionContext = createContext<SessionStore | undefined>(undefined);

/** Props of {@link AuthProvider}. */
export interface AuthProviderProps {
  /** The store made once with `createSessionStore`. */
  store: SessionStore;
  children: ReactNode;
}

/** Makes the session store available to {@link useSession} and {@link useAccess}. */
export function AuthProvider({ store, children }: AuthProviderProps) {
  return <SessionContext value={store}>{children}</SessionContext>;
}

function useStore(hook: string): SessionStore {
  const store = use(SessionContext);
  if (!store) throw new Error(`${hook} must be used inside <AuthProvider>.`);
  return store;
}

/** What {@link useSession} gives. */
export interface SessionView {
  state: SessionState;
  /** The signed-in user, or null. */
  user: User | null;
  login(credentials: LoginRequest): Promise<User>;
  logout(): Promise<void>;
}

/** The current session; re-renders when it changes. */
export function useSession(): SessionView {
  const store = useStore('useSession');
  const state = useSyncExternalStore(
    store.subscribe,
    store.getState,
    store.getState,
  );
  return {
    state,
    user: state.status === 'logged-in' ? state.user : null,
    login: store.login,
    logout: store.logout,
  };
}

/** The {@link Access} of the signed-in user, or null when signed out. */
export function useAccess(): Access | null {
  const { user } = useSession();
  return useMemo(() => (user ? deriveAccess(user) : null), [user]);
}
