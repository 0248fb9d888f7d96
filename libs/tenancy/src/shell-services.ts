import type { ApiClient } from '@collective/api-client';
import type { QueryClient } from '@tanstack/query-core';
import { createQueryClient } from './query-client';
import {
  createSessionServices,
  type SessionServices,
  type ShellServicesOptions,
} from './session-services';
import { createTenancy, type TenancyStore } from './tenancy-store';

/** The long-lived data objects of the signed-in shell. */
export interface ShellServices extends SessionServices {
  /** The loaded API client of the session. */
  api: ApiClient;
  tenancy: TenancyStore;
  queryClient: QueryClient;
}

/**
 * Adds the loaded API client, the query client and the tenancy to session
 * services (once; later calls give the same objects): the end of a session
 * then clears the member selection and every query, and the API client sends
 * the active tenant.
 */
export function createTenancyServices(
  services: SessionServices & Partial<ShellServices>,
  api: ApiClient,
): ShellServices {
  if (services.tenancy && services.queryClient)
    return Object.assign(services, { api }) as ShellServices;
  const queryClient = createQueryClient({
    platform: services.platform,
    ...(services.log ? { log: services.log } : {}),
  });
  const tenancy = createTenancy({
    session: services.session,
    platform: services.platform,
    queryClient,
  });
  return Object.assign(services, { api, tenancy, queryClient });
}

/**
 * Wires the data side of the shell at once: the API client sends the
 * session's token and the active tenant's `X-Tenant-Code`, a 401 ends the
 * session, and the end of a session clears the member selection and every
 * query. The test helpers (`renderWithShell`) start here; the dashboard makes
 * the same in two steps, so the sign-in page loads only the first.
 */
export async function createShellServices(
  options: ShellServicesOptions,
): Promise<ShellServices> {
  const services = createSessionServices(options);
  return createTenancyServices(services, await services.loadApi());
}
