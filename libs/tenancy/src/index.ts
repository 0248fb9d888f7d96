/**
 * @collective/tenancy: the tenants of the collective, their feature flags, the
 * active tenant, the member selection and the data scope of every query. No
 * React; bindings are in `@collective/tenancy/react`.
 */
export { scopedQueryKey } from './data-scope';
export type { DataScope } from './data-scope';
export { createMemberSelection } from './member-selection';
export type { MemberSelection } from './member-selection';
export {
  chipMember,
  KIEHLS_FALLBACK_MEMBER,
  sortMembersByName,
} from './members';
export {
  ACTIVE_TENANT_STORAGE_KEY,
  resolveActiveTenant,
} from './resolve-active-tenant';
export {
  readStoredTenant,
  storeActiveTenant,
  switchTenant,
  TENANT_CHANGED_EVENT,
} from './tenant-storage';
export type { TenantChangedDetail } from './tenant-storage';
export { DEFAULT_TENANT, isTenantCode, TENANT_CODES, TENANTS } from './tenants';
export type { Tenant, TenantCode, TenantFeatures } from './tenants';
