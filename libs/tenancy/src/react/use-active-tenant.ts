import { useMemo } from 'react';
import type { User } from '@collective/api-client';
import { deriveAccess } from '@collective/auth';
import { resolveActiveTenant } from '../resolve-active-tenant';
import { TENANTS, type Tenant } from '../tenants';

/** The active tenant of a signed-in user, given the stored choice. */
export function useActiveTenant(
  user: User,
  storedTenant: string | null,
): Tenant {
  return useMemo(
    () => TENANTS[resolveActiveTenant(user, deriveAccess(user), storedTenant)],
    [user, storedTenant],
  );
}
