import { useMemo } from 'react';
import type { Access } from '@collective/auth';
import type { TenantFeatures } from '@collective/tenancy';
import { canOpen, ROUTES, type RouteEntry } from '../routes';

/** The routes the user may open on the active tenant, in table order. */
export function useOpenRoutes(
  access: Access,
  features: TenantFeatures,
): RouteEntry[] {
  return useMemo(
    () => ROUTES.filter((route) => canOpen(route, access, features)),
    [access, features],
  );
}
