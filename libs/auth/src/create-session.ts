import { createApiClient, type ApiClient } from '@collective/api-client';
import type { Platform } from '@collective/platform';
import { createSessionStore, type SessionStore } from './session-store';

/** Settings of {@link createSession}. */
export interface CreateSessionOptions {
  /** Storage, other tabs and reload; `createBrowserPlatform(window)` in the browser. */
  platform: Pick<Platform, 'storage' | 'onStorageChange' | 'reload'>;
  /** Absolute base URL of the API. */
  apiBaseUrl: string;
  /** The tenant code to send as `X-Tenant-Code`, read on every call. */
  getTenantCode: () => string | null;
  /** A fetch implementation, for tests and Node tools; the global one by default. */
  fetch?: typeof fetch;
  /** Where failures are logged; `console.error` by default. */
  log?: (message: string, error?: unknown) => void;
}

/** The session and the API client bound to it. */
export interface Session {
  api: ApiClient;
  session: SessionStore;
}

/**
 * Makes the API client and the session store together, wired both ways: the
 * client sends the session's token and reports a 401 to it, which ends the
 * session once however many calls failed (decisions D5). The dashboard and
 * the test helpers both make their session here.
 */
export function createSession(options: CreateSessionOptions): Session {
  const holder: { session?: SessionStore } = {};
  const api = createApiClient({
    baseUrl: options.apiBaseUrl,
    getToken: () => holder.session?.getToken() ?? null,
    getTenantCode: options.getTenantCode,
    onUnauthorized: () => holder.session?.expire(),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const session = createSessionStore({
    api,
    platform: options.platform,
    ...(options.log ? { log: options.log } : {}),
  });
  holder.session = session;
  return { api, session };
}
