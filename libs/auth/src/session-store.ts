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

/**
 * The session: signed out, being restored from a stored token, kept while
 * the server cannot be reached (`unreachable`: GET /api/auth/me failed other
 * than with 401; `restore()` tries again), or signed in.
 */
export type SessionState =
  | { status: 'logged-out' }
  | { status: 'restoring'; token: string }
  | {
      status: 'unreachable';
      token: string;
      /** Why the current user could not be loaded: a sentence fit for a person. */
      reason: string;
    }
  | {
      status: 'logged-in';
      token: string;
      user: User;
      /** How the session began: a sign-in on this page, or a restore of a stored token. */
      via: 'login' | 'restore';
    };

/**
 * Why a session ended, for listeners that clean up (query cache, selected
 * member): a logout here, a 401, or another tab removing or replacing the
 * token.
 */
export type SessionEndReason = 'logout' | 'unauthorized' | 'other-tab';

/** Settings of {@link createSessionStore}. */
export interface SessionStoreOptions {
  /** The API's auth calls. */
  api: Pick<ApiClient, 'auth'>;
  /**
   * Where token and user are kept, how other tabs' changes are heard
   * (decisions D5) and how the page reloads after a 401 of
   * GET /api/auth/me (specification §7). With `onOnlineChange`, a session
   * kept while the server was unreachable is restored again as soon as the
   * network comes back.
   */
  platform: SessionPlatform;
  /** Where failures are logged. */
  log?: (message: string, error?: unknown) => void;
}

/** What the session needs of the browser: `createBrowserPlatform(window)`. */
export type SessionPlatform = Pick<
  Platform,
  'storage' | 'onStorageChange' | 'reload'
> &
  Partial<Pick<Platform, 'onOnlineChange'>>;

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
  /**
   * Restores a stored session through GET /api/auth/me: call once at start,
   * and again (Retry) while the session is `unreachable`; otherwise it does
   * nothing.
   */
  restore(): Promise<void>;
  /** Stops listening to other tabs and to the network. */
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

  /**
   * Ends the session: answers still under way are dropped (the epoch), the
   * stored user is removed (with the token when asked; neither when another
   * tab has just written a new session there) and listeners clean up.
   */
  function end(
    reason: SessionEndReason,
    clear: 'token-and-user' | 'user' | 'keep-storage',
  ): void {
    epoch += 1;
    if (clear === 'token-and-user') storage.removeItem(STORAGE_KEYS.token);
    if (clear !== 'keep-storage') storage.removeItem(STORAGE_KEYS.user);
    const wasActive = store.getState().status !== 'logged-out';
    setState({ status: 'logged-out' });
    if (wasActive) for (const listener of [...endListeners]) listener(reason);
  }

  /** A 401 while restoring: the stored token is dead; clear it and reload once (§7). */
  function endRestoreUnauthorized(): void {
    end('unauthorized', 'token-and-user');
    if (reloaded) return;
    reloaded = true;
    platform.reload();
  }

  /** The GET /api/auth/me under way, so a second restore() (a double Retry) shares it. */
  let pendingRestore: { epoch: number; done: Promise<void> } | null = null;

  function fetchUser(token: string): Promise<void> {
    const mine = ++epoch;
    setState({ status: 'restoring', token });
    const done = loadUser(token, mine).finally(() => {
      if (pendingRestore?.done === done) pendingRestore = null;
    });
    pendingRestore = { epoch: mine, done };
    return done;
  }

  async function loadUser(token: string, mine: number): Promise<void> {
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
      // The server could not be reached, failed, or answered something that
      // is not the contract (an HTML page with 200): the token may well still
      // be good, so it is kept and the user is offered Retry (decisions 0060).
      log('Could not load the current user; the session is kept.', error);
      storage.removeItem(STORAGE_KEYS.user);
      setState({
        status: 'unreachable',
        token,
        reason: error instanceof Error ? error.message : String(error),
      });
    }
  }

  function onStorage(key: string | null): void {
    if (key !== null && key !== STORAGE_KEYS.token) return;
    const token = parseStoredToken(storage.getItem(STORAGE_KEYS.token));
    const state = store.getState();
    if (token === null) {
      if (state.status !== 'logged-out') end('other-tab', 'user');
      return;
    }
    if (state.status === 'logged-out' || state.token !== token) {
      // Another tab signed in, perhaps as someone else: nothing of this
      // session may outlive it (its queries, its selection), so it ends
      // first, leaving the other tab's token and user where they are.
      if (state.status === 'logged-in') end('other-tab', 'keep-storage');
      void fetchUser(token);
    }
  }
  const stopListening = platform.onStorageChange(onStorage);
  const stopWatchingNetwork = platform.onOnlineChange?.((online) => {
    const state = store.getState();
    if (online && state.status === 'unreachable') void fetchUser(state.token);
  });

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
      const state = store.getState();
      if (state.status === 'logged-out') return Promise.resolve();
      // The token to revoke goes with the call: the API client may be loaded
      // (awaited) after the token has been cleared below.
      const revoke = api.auth
        .logout({ token: state.token })
        .catch((error: unknown) => {
          log(
            'Logout could not reach the server; the token was cleared here anyway.',
            error,
          );
        });
      end('logout', 'token-and-user');
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
      else if (status === 'logged-in') end('unauthorized', 'token-and-user');
    },
    restore() {
      const state = store.getState();
      if (pendingRestore?.epoch === epoch) return pendingRestore.done;
      return state.status === 'restoring' || state.status === 'unreachable'
        ? fetchUser(state.token)
        : Promise.resolve();
    },
    dispose() {
      stopListening();
      stopWatchingNetwork?.();
      endListeners.clear();
    },
  };
}
