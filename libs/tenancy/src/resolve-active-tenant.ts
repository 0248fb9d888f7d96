import type { Access } from '@collective/auth';
import type { User } from '@collective/api-client';
import {
  DEFAULT_TENANT,
  isTenantCode,
  TENANTS,
  type TenantCode,
} from './tenants';

/**
 * The active tenant, first rule that applies (decisions D3):
 * (1) the super admin's stored choice when it names a known tenant;
 * (2) allowed_tenant_id 1 → pact, 2 → kiehls;
 * (3) member_code naming a tenant, case-insensitive;
 * (4) staff without an allowed tenant → kiehls;
 * (5) pact.
 */
export function resolveActiveTenant(
  user: Pick<User, 'allowed_tenant_id' | 'member_code' | 'isPactStaff'>,
  access: Pick<Access, 'isSuperAdmin'>,
  storedTenant: string | null,
): TenantCode {
  if (access.isSuperAdmin && isTenantCode(storedTenant)) return storedTenant;
  const byId = Object.values(TENANTS).find(
    (t) => t.id === user.allowed_tenant_id,
  );
  if (byId) return byId.code;
  const byCode = user.member_code?.toLowerCase();
  if (isTenantCode(byCode)) return byCode;
  if (user.isPactStaff && user.allowed_tenant_id === null) return 'kiehls';
  return DEFAULT_TENANT;
}
