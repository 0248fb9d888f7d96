import type { Member } from '@collective/api-client';
import type { Access } from '@collective/auth';
import type { TenantCode } from './tenants';

/** The Kiehl's member used when the member list does not hold it (decisions D4; specification §3, §9). */
export const KIEHLS_FALLBACK_MEMBER: Readonly<Member> = {
  id: 2,
  code: 'KIEHLS',
  name: "Kiehl's",
};

/** Members sorted by name for people (locale-aware, case-insensitive), without changing the input. */
export function sortMembersByName(members: readonly Member[]): Member[] {
  return [...members].sort((a, b) =>
    a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }),
  );
}

/**
 * The member a brand user's chip names: their own member from the list, else
 * on the kiehls tenant the Kiehl's fallback, else null. Null for collective admins.
 */
export function chipMember(
  access: Access,
  tenant: TenantCode,
  members: readonly Member[],
): Member | null {
  if (!access.isBrandUser || access.ownMemberId === null) return null;
  return (
    members.find((m) => m.id === access.ownMemberId) ??
    (tenant === 'kiehls' ? KIEHLS_FALLBACK_MEMBER : null)
  );
}
