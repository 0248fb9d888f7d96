import {
  membersEndpoints,
  recordEndpoints,
  type MemberProfileSort,
  type MemberStatus,
  type MemberTier,
} from '@collective/api-client/contract';
import { useScopedMutation, useScopedQuery } from '@collective/tenancy/react';
import { listQuery, type ListQueryView } from '@collective/ui';

/** Events of a member's audit trail shown on its detail. */
export const MEMBER_TRAIL_PAGE_SIZE = 50;

/** What the member list shows: its search, filters, order, page and page size. */
export interface MemberProfilesView extends ListQueryView<MemberProfileSort> {
  status: MemberStatus | undefined;
  tier: MemberTier | undefined;
}

/**
 * One page of the members in the data scope with their figures (GET
 * /api/members/profiles). While another page of the same list loads, the
 * page before stays shown; another scope, search or order never shows the
 * old list.
 */
export function useMemberProfiles(view: MemberProfilesView) {
  return useScopedQuery(
    membersEndpoints.memberProfiles,
    {
      query: { ...listQuery(view), status: view.status, tier: view.tier },
    },
    { keepPreviousWhileChanging: ['page'] },
  );
}

/** One member of the data scope with its figures; another scope's fails with 404. */
export function useMemberProfile(id: number) {
  return useScopedQuery(membersEndpoints.memberProfile, {
    params: { id },
    query: {},
  });
}

/** The newest events of a member's audit trail (GET /api/audit-events), in the caller's scope. */
export function useMemberAuditTrail(id: number) {
  return useScopedQuery(recordEndpoints.auditEvents, {
    query: {
      entity: 'member',
      entity_id: String(id),
      page_size: String(MEMBER_TRAIL_PAGE_SIZE),
    },
  });
}

/** Adds a member brand (collective admins); retried with the same Idempotency-Key. */
export const useCreateMember = () =>
  useScopedMutation(membersEndpoints.createMember);
/** Changes a member at the version read (collective admins; 409 when stale). */
export const useUpdateMember = () =>
  useScopedMutation(membersEndpoints.updateMember);
/** Deactivates a member at the version read (collective admins; 409 when stale). */
export const useDeactivateMember = () =>
  useScopedMutation(membersEndpoints.deactivateMember);
