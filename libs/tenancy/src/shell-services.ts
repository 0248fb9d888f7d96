import { createSession, type Session } from '@collective/auth';
import type { Platform } from '@collective/platform';
import type { QueryClient } from '@tanstack/query-core';
import { createQueryClient } from './query-client';
import { createTenancy, type TenancyStore } from './tenancy-store';

/** Settings of {@link createShellServices}. */
export interface ShellServicesOptions {
  /** The browser, made once: `createBrowserPlatform(window)`. */
  platform: Pick<
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
  /** Absolute base URL of the API. */
  apiBaseUrl: string;
  /** A fetch implementation, for tests and Node tools; the global one by default. */
  fetch?: typeof fetch;
  /** Where failures that have no user message are logged; `console.error` by default. */
  log?: (message: string, error?: unknown) => void;
}

/** The long-lived data objects of the shell, made once before React renders. */
export interface ShellServices extends Session {
  tenancy: TenancyStore;
  queryClient: QueryClient;
}

/**
 * Wires the data side of the shell: the API client sends the session's token
 * and the active tenant's `X-Tenant-Code`, a 401 ends the session, and the
 * end of a session clears the member selection and every query. The
 * dashboard and the test helpers (`renderWithShell`) both start here, so
 * tests exercise the real wiring.
 */
export function createShellServices(
  options: ShellServicesOptions,
): ShellServices {
  const holder: { tenancy?: TenancyStore } = {};
  const { api, session } = createSession({
    platform: options.platform,
    apiBaseUrl: options.apiBaseUrl,
    getTenantCode: () => holder.tenancy?.tenantCode() ?? null,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.log ? { log: options.log } : {}),
  });
  const queryClient = createQueryClient({
    platform: options.platform,
    ...(options.log ? { log: options.log } : {}),
  });
  const tenancy = createTenancy({
    session,
    platform: options.platform,
    queryClient,
  });
  holder.tenancy = tenancy;
  return { api, session, tenancy, queryClient };
}
