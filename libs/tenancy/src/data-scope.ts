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

/**
 * The member a data call asks the server for in a scope: `{ memberId }` for
 * a member, `{}` for the whole collective. The server decides the real scope
 * (decisions D12); the key of the query keeps the client's cache honest.
 */
export function memberScopeOf(scope: DataScope): { memberId?: number } {
  return 'member_id' in scope.filter
    ? { memberId: scope.filter.member_id }
    : {};
}
