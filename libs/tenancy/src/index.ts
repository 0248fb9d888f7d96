/**
 * @collective/tenancy: the tenants of the collective, their feature flags and
 * the resolution of the active tenant. No React; bindings are in
 * `@collective/tenancy/react`.
 */
export {
  ACTIVE_TENANT_STORAGE_KEY,
  resolveActiveTenant,
} from './resolve-active-tenant';
export { DEFAULT_TENANT, isTenantCode, TENANT_CODES, TENANTS } from './tenants';
export type { Tenant, TenantCode, TenantFeatures } from './tenants';
