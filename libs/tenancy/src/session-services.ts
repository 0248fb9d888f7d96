import { createSession, type Session } from '@collective/auth';
import type { Platform } from '@collective/platform';
import type { TenancyStore } from './tenancy-store';
import { readStoredTenant } from './tenant-storage';
import { DEFAULT_TENANT } from './tenants';

/** What the shell's services need of the browser: `createBrowserPlatform(window)`. */
export type ShellPlatform = Pick<
  Platform,
  | 'storage'
  | 'onStorageChange'
  | 'emit'
  | 'reload'
  | 'isVisible'
  | 'onVisibilityChange'
  | 'isOnline'
  | 'onOnlineChange'
>;

/** Settings of {@link createShellServices} and {@link createSessionServices}. */
export interface ShellServicesOptions {
  /** The browser, made once: `createBrowserPlatform(window)`. */
  platform: ShellPlatform;
  /** Absolute base URL of the API. */
  apiBaseUrl: string;
  /** A fetch implementation, for tests and Node tools; the global one by default. */
  fetch?: typeof fetch;
  /** Where failures that have no user message are logged; `console.error` by default. */
  log?: (message: string, error?: unknown) => void;
}

/**
 * The part of the shell a signed-out page needs: the session, with the API
 * client loaded on first use and the tenant code it sends. Light enough for
 * the sign-in page; the tenancy and the query client come later, with
 * `createTenancyServices`.
 */
export interface SessionServices extends Session {
  platform: ShellPlatform;
  /** Where the log goes; handed on to {@link createTenancyServices}. */
  log?: (message: string, error?: unknown) => void;
  /** The tenancy once made; until then `X-Tenant-Code` is the stored tenant, else pact. */
  tenancy?: TenancyStore;
}

/**
 * Makes the session and its API client, wired both ways (`createSession`);
 * the client sends the active tenant of the tenancy once it exists, and
 * before that (login, the first GET /api/auth/me) the stored one.
 */
export function createSessionServices(
  options: ShellServicesOptions,
): SessionServices {
  const services: SessionServices = {
    platform: options.platform,
    ...(options.log ? { log: options.log } : {}),
    ...createSession({
      platform: options.platform,
      apiBaseUrl: options.apiBaseUrl,
      getTenantCode: () =>
        services.tenancy?.tenantCode() ??
        readStoredTenant(options.platform.storage) ??
        DEFAULT_TENANT,
      ...(options.fetch ? { fetch: options.fetch } : {}),
      ...(options.log ? { log: options.log } : {}),
    }),
  };
  return services;
}
