import type {
  ApiClient,
  LoginRequest,
  MeResponse,
  User,
} from '@collective/api-client';
import { isApiError } from '@collective/api-client/errors';
import {
  createStore,
  STORAGE_KEYS,
  type Platform,
  type ReadableStore,
} from '@collective/platform';
import { parseStoredToken, parseStoredUser } from './stored-values';

/** The session: signed out, being restored from a stored token, or signed in. */
export type SessionState =
  | { status: 'logged-out' }
  | { status: 'restoring'; token: string }
  | {
      status: 'logged-in';
      token: string;
      user: User;
      /** How the session began: a sign-in on this page, or a restore of a stored token. */
      via: 'login' | 'restore';
    };

/** Why a session ended, for listeners that clean up (query cache, selected member). */
export type SessionEndReason =
  | 'logout'
  | 'unauthorized'
  | 'other-tab'
  | 'restore-failed';

/** Settings of {@link createSessionStore}. */
export interface SessionStoreOptions {
  /** The API's auth calls. */
  api: Pick<ApiClient, 'auth'>;
  /**
   * Where token and user are kept, how other tabs' changes are heard
   * (decisions D5) and how the page reloads after a 401 of
   * GET /api/auth/me (specification §7).
   */
  platform: Pick<Platform, 'storage' | 'onStorageChange' | 'reload'>;
  /** Where failures are logged. */
  log?: (message: string, error?: unknown) => void;
}

/** The session of the dashboard, created once outside React. */
export interface SessionStore extends ReadableStore<SessionState> {
  /** Calls `listener` whenever a session ends, with the reason. */
  onSessionEnd(listener: (reason: SessionEndReason) => void): () => void;
  /** The token to send, or null. */
  getToken(): string | null;
  /**
   * Signs in. Stores token and user on success; rejects with the API error
   * otherwise. A second call while one runs returns the same promise.
   */
  login(credentials: LoginRequest): Promise<User>;
  /**
   * Signs out: asks the server to revoke the token (best effort), clears
   * token and user at once. Calls while one runs share it.
   */
  logout(): Promise<void>;
  /** Ends the session after a 401 from any call (wire to the client's `onUnauthorized`). */
  expire(): void;
  /** Restores a stored session through GET /api/auth/me; call once at start. */
  restore(): Promise<void>;
  /** Stops listening to other tabs. */
  dispose(): void;
}

function mergeUser(fromMe: MeResponse['user'], stored: User | null): User {
  if (!stored || stored.email.toLowerCase() !== fromMe.email.toLowerCase())
    return fromMe;
  return {
    ...fromMe,
    name: fromMe.name ?? stored.name,
    member_code: fromMe.member_code ?? stored.member_code,
  };
}

/**
 * Creates the session store (specification §4, §7, §8; decisions D5). Every
 * asynchronous answer is checked against the session it belongs to, so a
 * late answer of a session that has ended is dropped, never shown.
 */
export function createSessionStore(options: SessionStoreOptions): SessionStore {
  const { api, platform } = options;
  const { storage } = platform;
  const log = options.log ?? ((m, e) => console.error(m, e));
  const endListeners = new Set<(reason: SessionEndReason) => void>();
  /** Bumped whenever a session starts or ends; answers of an older epoch are dropped. */
  let epoch = 0;
  let pendingLogin: Promise<User> | null = null;
  let pendingLogout: Promise<void> | null = null;
  let reloaded = false;

  const storedToken = parseStoredToken(storage.getItem(STORAGE_KEYS.token));
  if (storage.getItem(STORAGE_KEYS.token) !== null && storedToken === null) {
    storage.removeItem(STORAGE_KEYS.token);
  }
  if (
    storage.getItem(STORAGE_KEYS.user) !== null &&
    !parseStoredUser(storage.getItem(STORAGE_KEYS.user))
  ) {
    storage.removeItem(STORAGE_KEYS.user);
  }
  const store = createStore<SessionState>(
    storedToken
      ? { status: 'restoring', token: storedToken }
      : { status: 'logged-out' },
  );
  const { setState } = store;

  function end(reason: SessionEndReason, clearToken: boolean): void {
    epoch += 1;
    if (clearToken) storage.removeItem(STORAGE_KEYS.token);
    storage.removeItem(STORAGE_KEYS.user);
    const wasActive = store.getState().status !== 'logged-out';
    setState({ status: 'logged-out' });
    if (wasActive) for (const listener of [...endListeners]) listener(reason);
  }

  /** A 401 while restoring: the stored token is dead; clear it and reload once (§7). */
  function endRestoreUnauthorized(): void {
    end('unauthorized', true);
    if (reloaded) return;
    reloaded = true;
    platform.reload();
  }

  async function fetchUser(token: string): Promise<void> {
    const mine = ++epoch;
    setState({ status: 'restoring', token });
    try {
      const { user } = await api.auth.me();
      if (mine !== epoch) return;
      const merged = mergeUser(
        user,
        parseStoredUser(storage.getItem(STORAGE_KEYS.user)),
      );
      storage.setItem(STORAGE_KEYS.user, JSON.stringify(merged));
      setState({ status: 'logged-in', token, user: merged, via: 'restore' });
    } catch (error) {
      if (mine !== epoch) return;
      if (isApiError(error, 'http') && error.status === 401) {
        endRestoreUnauthorized();
        return;
      }
      log('Could not load the current user; signing out of this page.', error);
      end('restore-failed', false);
    }
  }

  function onStorage(key: string | null): void {
    if (key !== null && key !== STORAGE_KEYS.token) return;
    const token = parseStoredToken(storage.getItem(STORAGE_KEYS.token));
    const state = store.getState();
    if (token === null) {
      if (state.status !== 'logged-out') end('other-tab', false);
      return;
    }
    if (state.status === 'logged-out' || state.token !== token) {
      void fetchUser(token);
    }
  }
  const stopListening = platform.onStorageChange(onStorage);

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    onSessionEnd(listener) {
      endListeners.add(listener);
      return () => {
        endListeners.delete(listener);
      };
    },
    getToken() {
      const state = store.getState();
      return state.status === 'logged-out' ? null : state.token;
    },
    login(credentials) {
      if (pendingLogin) return pendingLogin;
      const mine = epoch;
      pendingLogin = api.auth
        .login(credentials)
        .then(({ token, user }) => {
          if (mine !== epoch)
            throw new Error('The session changed while signing in.');
          epoch += 1;
          storage.setItem(STORAGE_KEYS.token, token);
          storage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
          setState({ status: 'logged-in', token, user, via: 'login' });
          return user;
        })
        .finally(() => {
          pendingLogin = null;
        });
      return pendingLogin;
    },
    logout() {
      if (pendingLogout) return pendingLogout;
      if (store.getState().status === 'logged-out') return Promise.resolve();
      // Sent before clearing, so the request still carries the token to revoke.
      const revoke = api.auth.logout().catch((error: unknown) => {
        log(
          'Logout could not reach the server; the token was cleared here anyway.',
          error,
        );
      });
      end('logout', true);
      pendingLogout = revoke.finally(() => {
        pendingLogout = null;
      });
      return pendingLogout;
    },
    expire() {
      // The client reports a 401 before the failed call settles, so a 401 of
      // /api/auth/me during a restore arrives here first.
      const { status } = store.getState();
      if (status === 'restoring') endRestoreUnauthorized();
      else if (status === 'logged-in') end('unauthorized', true);
    },
    restore() {
      const state = store.getState();
      return state.status === 'restoring'
        ? fetchUser(state.token)
        : Promise.resolve();
    },
    dispose() {
      stopListening();
      endListeners.clear();
    },
  };
}
