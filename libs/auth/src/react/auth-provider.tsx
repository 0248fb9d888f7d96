import {
  createContext,
  use,
  useMemo,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { ApiClient, LoginRequest, User } from '@collective/api-client';
import { deriveAccess, type Access } from '@collective/api-client/access';
import type { SessionState, SessionStore } from '../session-store';

interface AuthContextValue {
  session: SessionStore;
  api: ApiClient | undefined;
}

const AuthContext = createContext<AuthContextValue | undefined>(undefined);

/** Props of {@link AuthProvider}. */
export interface AuthProviderProps {
  /** The session made once, outside React, with `createSessionStore`. */
  session: SessionStore;
  /**
   * The API client whose token and 401s belong to that session, once
   * loaded (`await loadApi()`); a signed-out page may do without it. An inner
   * `AuthProvider` with the same session can add it for the part of the page
   * that calls the API.
   */
  api?: ApiClient;
  children: ReactNode;
}

/**
 * Makes the session and its API client available to {@link useSession},
 * {@link useAccess} and {@link useApi}, in the style of TanStack's
 * `QueryClientProvider`: the objects are made outside React and only handed in.
 */
export function AuthProvider({ session, api, children }: AuthProviderProps) {
  const value = useMemo(() => ({ session, api }), [session, api]);
  return <AuthContext value={value}>{children}</AuthContext>;
}

function useAuthContext(hook: string): AuthContextValue {
  const value = use(AuthContext);
  if (!value) throw new Error(`${hook} must be used inside <AuthProvider>.`);
  return value;
}

/** What {@link useSession} gives. */
export interface SessionView {
  state: SessionState;
  /** The signed-in user, or null. */
  user: User | null;
  login(credentials: LoginRequest): Promise<User>;
  logout(): Promise<void>;
  /** Tries again to load the current user of a kept token (Retry while `unreachable`). */
  restore(): Promise<void>;
}

/** The current session; re-renders when it changes. */
export function useSession(): SessionView {
  const { session } = useAuthContext('useSession');
  const state = useSyncExternalStore(
    session.subscribe,
    session.getState,
    session.getState,
  );
  return {
    state,
    user: state.status === 'logged-in' ? state.user : null,
    login: session.login,
    logout: session.logout,
    restore: session.restore,
  };
}

/** The {@link Access} of the signed-in user, or null when signed out. */
export function useAccess(): Access | null {
  const { user } = useSession();
  return useMemo(() => (user ? deriveAccess(user) : null), [user]);
}

/**
 * The API client of the session: every data hook's fetcher calls it, so the
 * token, the tenant header and the 401 handling are always the session's.
 */
export function useApi(): ApiClient {
  const { api } = useAuthContext('useApi');
  if (!api)
    throw new Error(
      'useApi needs the API client: give <AuthProvider> its api (await loadApi() first).',
    );
  return api;
}
