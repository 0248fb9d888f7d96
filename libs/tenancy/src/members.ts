import type { ApiClient, Member } from '@collective/api-client';
import {
  TENANT_MEMBER,
  type Access,
  type DataFilter,
} from '@collective/api-client/access';
import { scopedQueryKey, type DataScope } from './data-scope';
import type { FailureLogMeta } from './query-client';
import type { TenantCode } from './tenants';

/**
 * The Kiehl's member used when the member list does not hold it (decisions
 * D4; specification §3, §9): the member the kiehls tenant is limited to.
 */
export const KIEHLS_FALLBACK_MEMBER: Readonly<Member> = TENANT_MEMBER.kiehls;

/** Members sorted by name for people (locale-aware, case-insensitive), without changing the input. */
export function sortMembersByName(members: readonly Member[]): Member[] {
  return [...members].sort((a, b) =>
    a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }),
  );
}

/**
 * The member a brand user's chip names: their own member from the list, else
 * the member the tenant is limited to (on kiehls, the Kiehl's fallback),
 * else null. Null for collective admins.
 */
export function chipMember(
  access: Access,
  tenant: TenantCode,
  members: readonly Member[],
): Member | null {
  if (!access.isBrandUser || access.ownMemberId === null) return null;
  return (
    members.find((m) => m.id === access.ownMemberId) ?? TENANT_MEMBER[tenant]
  );
}

/**
 * The member whose data the screens show, as the server decides it
 * (`resolveDataScope` of the contract; decisions D12): on a tenant limited
 * to one member (kiehls), that member; else the data filter's; else null,
 * the whole collective. Named from the list, else the tenant's member, else
 * "member <id>".
 */
export function shownMember(
  tenant: TenantCode,
  filter: DataFilter,
  members: readonly Member[],
): Member | null {
  const limit: Member | null = TENANT_MEMBER[tenant];
  const id = limit?.id ?? ('member_id' in filter ? filter.member_id : null);
  if (id === null) return null;
  return (
    members.find((m) => m.id === id) ??
    (id === limit?.id ? limit : { id, code: null, name: `member ${id}` })
  );
}

/** Logged, with no message to the user, when the member list fails (specification §8). */
export const MEMBER_LIST_FAILURE =
  'Could not load the member list; showing none.';

/**
 * Query options of the member list (decisions D4), the data-access pattern's
 * factory: the key starts with the scope of the signed-in user before any
 * member is chosen (`scope`: what the server answers for this user on this
 * tenant), then the kind of list, so choosing a member does not refetch it.
 * The super admin loads `?all=true`, everyone else `?names_only=true`.
 */
export function membersQueryOptions(
  api: Pick<ApiClient, 'members'>,
  scope: DataScope,
  loadAll: boolean,
) {
  return {
    queryKey: scopedQueryKey(scope, 'members', loadAll ? 'all' : 'names'),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      api.members.list(loadAll ? { all: true } : { namesOnly: true }, {
        signal,
      }),
    meta: { failureLog: MEMBER_LIST_FAILURE } satisfies FailureLogMeta,
  };
}
