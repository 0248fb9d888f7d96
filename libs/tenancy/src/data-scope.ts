import type { DataFilter } from '@collective/auth';
import type { TenantCode } from './tenants';

/** What a data query is scoped to: the active tenant and the data filter. */
export interface DataScope {
  tenant: TenantCode;
  filter: DataFilter;
}

/**
 * The query key of a data query: always `[tenant, filter, ...parts]`, so a
 * change of tenant or member is a different key and data of the previous
 * scope can never be shown for the new one (decisions D4).
 */
export function scopedQueryKey<const P extends readonly unknown[]>(
  scope: DataScope,
  ...parts: P
): readonly [TenantCode, DataFilter, ...P] {
  return [scope.tenant, scope.filter, ...parts] as const;
}
