import type { ApiClient, createApiClient } from '@collective/api-client';
import {
  createSessionStore,
  type SessionPlatform,
  type SessionStore,
} from './session-store';

/** Where {@link createSession} gets `createApiClient` from. */
export type ApiClientLoader = () => Promise<{
  createApiClient: typeof createApiClient;
}>;

/** Settings of {@link createSession}. */
export interface CreateSessionOptions {
  /** Storage, other tabs, reload and network; `createBrowserPlatform(window)` in the browser. */
  platform: SessionPlatform;
  /** Absolute base URL of the API. */
  apiBaseUrl: string;
  /** The tenant code to send as `X-Tenant-Code`, read on every call. */
  getTenantCode: () => string | null;
  /** A fetch implementation, for tests and Node tools; the global one by default. */
  fetch?: typeof fetch;
  /** Where failures are logged; `console.error` by default. */
  log?: (message: string, error?: unknown) => void;
  /**
   * Loads the API client's module. By default a dynamic import of
   * `@collective/api-client`: a bundler makes it a chunk of its own (the HTTP
   * library, the contract's schemas), which a page fetches only when it first
   * calls the API, or earlier with {@link Session.loadApi}.
   */
  loadClient?: ApiClientLoader;
}

/** The session and the API client bound to it. */
export interface Session {
  session: SessionStore;
  /**
   * The API client, loaded on the first call (the same promise every time,
   * unless loading failed: then the next call tries again): the session's
   * own calls load it, and so does anything that needs the client (the
   * signed-in shell awaits it before rendering).
   */
  loadApi(): Promise<ApiClient>;
}

const importClient: ApiClientLoader = () => import('@collective/api-client');

/**
 * Makes the session store and the API client, wired both ways: the client
 * sends the session's token and reports a 401 to it, which ends the session
 * once however many calls failed (decisions D5). The client is loaded on
 * demand, so a signed-out page carries only the session store. The dashboard
 * and the test helpers both make their session here.
 */
export function createSession(options: CreateSessionOptions): Session {
  let client: Promise<ApiClient> | undefined;
  const loadApi = (): Promise<ApiClient> =>
    (client ??= (options.loadClient ?? importClient)().then(
      ({ createApiClient }) =>
        createApiClient({
          baseUrl: options.apiBaseUrl,
          getToken: () => session.getToken(),
          getTenantCode: options.getTenantCode,
          onUnauthorized: () => session.expire(),
          ...(options.fetch ? { fetch: options.fetch } : {}),
        }),
      (error: unknown) => {
        // A chunk that failed to load (a dropped connection) is tried again
        // by the next call, not remembered as failed for the page's life.
        client = undefined;
        throw error;
      },
    ));
  const session: SessionStore = createSessionStore({
    api: {
      auth: {
        login: async (credentials, call) =>
          (await loadApi()).auth.login(credentials, call),
        me: async (call) => (await loadApi()).auth.me(call),
        logout: async (call) => (await loadApi()).auth.logout(call),
      },
    },
    platform: options.platform,
    ...(options.log ? { log: options.log } : {}),
  });
  return { session, loadApi };
}
