import type { TenantCode } from '@collective/api-client/contract';
import { callerScope, type UserRecord } from '../auth/users';

/** Kiehl's, the member every answer on the `kiehls` tenant is limited to (decisions D12). */
export const KIEHLS_MEMBER_ID = 2;

/** Whose data an answer holds: one member's, or (`null`) the whole collective's. */
export interface DataScope {
  memberId: number | null;
}

/** Why a caller gets no data at all: the status and texts of the error answer. */
export interface ScopeRefusal {
  status: 403;
  error: string;
  message: string;
}

/**
 * The data scope of a call (decisions D1 and D12), decided on the server
 * whatever the client sends:
 * - collective admins (the super admin, admins without a member) get the
 *   member they ask for with `member_id`, or the whole collective;
 * - brand users always and only their own member; `member_id` is ignored;
 * - on the `kiehls` tenant every answer is Kiehl's: `member_id` is ignored,
 *   and a brand user of another member is refused;
 * - users of no member who are not admins have no dashboard and are refused.
 * Whether the asked member exists is for the query to find out (404).
 */
export function resolveDataScope(
  caller: Pick<UserRecord, 'role' | 'member_id'>,
  tenant: TenantCode | undefined,
  askedMemberId: number | undefined,
): DataScope | ScopeRefusal {
  const scope = callerScope(caller);
  const tenantMember = tenant === 'kiehls' ? KIEHLS_MEMBER_ID : null;
  switch (scope.kind) {
    case 'collective':
      return { memberId: tenantMember ?? askedMemberId ?? null };
    case 'member':
      if (tenantMember !== null && scope.memberId !== tenantMember) {
        return {
          status: 403,
          error: 'Forbidden',
          message:
            "The kiehls tenant shows Kiehl's data only, and your account belongs to another member; use the pact tenant.",
        };
      }
      return { memberId: scope.memberId };
    case 'none':
      return {
        status: 403,
        error: 'Forbidden',
        message:
          'Your role has no dashboard data: only collective admins and the users of a member brand have a data scope.',
      };
  }
}

/** Whether {@link resolveDataScope} refused the caller. */
export function isRefusal(
  outcome: DataScope | ScopeRefusal,
): outcome is ScopeRefusal {
  return 'status' in outcome;
}
