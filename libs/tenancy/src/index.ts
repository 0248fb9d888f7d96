/**
 * @collective/tenancy: the tenants of the collective, their feature flags, the
 * active tenant, the member selection, the data scope of every query and the
 * wiring of the shell's data services. No React; bindings are in
 * `@collective/tenancy/react`.
 */
export { scopedQueryKey } from './data-scope';
export type { DataScope } from './data-scope';
export {
  chipMember,
  KIEHLS_FALLBACK_MEMBER,
  MEMBER_LIST_FAILURE,
  membersQueryOptions,
  shownMember,
  sortMembersByName,
} from './members';
export {
  createQueryClient,
  QUERY_GC_TIME_MS,
  QUERY_STALE_TIME_MS,
} from './query-client';
export type { FailureLogMeta, QueryClientOptions } from './query-client';
export {
  differsOnlyIn,
  endpointName,
  endpointQueryKey,
  isResourceKey,
  isScopeKey,
  resourceQueryKey,
  scopedQuery,
  scopedRequest,
  scopeOf,
} from './scoped-query';
export type {
  KeyInput,
  QueryEndpoint,
  QueryScopes,
  ScopedApi,
  ScopedInput,
  ScopedQueryKey,
} from './scoped-query';
export { scopedMutation } from './scoped-mutation';
export type {
  MutationEndpoint,
  MutationInput,
  OptimisticCache,
  OptimisticSnapshot,
  ScopedMutationSettings,
  ScopedWrites,
} from './scoped-mutation';
export { resolveActiveTenant } from './resolve-active-tenant';
export { createSessionServices } from './session-services';
export type {
  SessionServices,
  ShellPlatform,
  ShellServicesOptions,
} from './session-services';
export { createShellServices, createTenancyServices } from './shell-services';
export type { ShellServices } from './shell-services';
export { createTenancy } from './tenancy-store';
export type {
  ActiveTenancy,
  QueryCacheControl,
  TenancyOptions,
  TenancyState,
  TenancyStore,
} from './tenancy-store';
export { readStoredTenant, storeActiveTenant } from './tenant-storage';
export type { TenantChangedDetail } from './tenant-storage';
export { DEFAULT_TENANT, isTenantCode, TENANT_CODES, TENANTS } from './tenants';
export type { Tenant, TenantCode, TenantFeatures } from './tenants';
