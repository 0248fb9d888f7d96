import {
  recordEndpoints,
  userEndpoints,
  type UserSort,
  type UserStatus,
} from '@collective/api-client/contract';
import { useScopedMutation, useScopedQuery } from '@collective/tenancy/react';
import { listQuery, type ListQueryView } from '@collective/ui';

/** What the user list shows: its search, status filter, order, page and page size. */
export interface UsersView extends ListQueryView<UserSort> {
  status: UserStatus | undefined;
}

/**
 * One page of the users in scope (decisions D16), searched, filtered and
 * sorted by the server. While another page, search or filter loads, the
 * rows before stay shown (marked as placeholders), so typing does not
 * empty the table.
 */
export function useUsers(view: UsersView) {
  return useScopedQuery(
    userEndpoints.users,
    {
      query: { ...listQuery(view), status: view.status },
    },
    {
      keepPreviousWhileChanging: [
        'search',
        'status',
        'sort',
        'page',
        'page_size',
      ],
    },
  );
}

/** One user (404 outside the caller's member), e.g. the one whose details are open. */
export function useUser(id: number) {
  return useScopedQuery(userEndpoints.user, { params: { id } });
}

/** Events of a user's audit trail per page. */
export const USER_TRAIL_PAGE_SIZE = 20;

/**
 * One page of a user's audit trail, newest first: the events on the user
 * (entity `user`) in the caller's scope; another member's user is 404.
 */
export function useUserAuditTrail(id: number, page: number) {
  return useScopedQuery(
    recordEndpoints.auditEvents,
    {
      query: {
        entity: 'user',
        entity_id: String(id),
        page: String(page),
        page_size: String(USER_TRAIL_PAGE_SIZE),
      },
    },
    { keepPreviousWhileChanging: ['page'] },
  );
}

/** Invites a person (`mutate({ body })`); the answer holds the link when mail stays in the outbox. */
export const useInviteUser = () => useScopedMutation(userEndpoints.inviteUser);
/** Changes a user's name or role at a version. */
export const useUpdateUser = () => useScopedMutation(userEndpoints.updateUser);
/** Deactivates a user at a version: their sessions and keys end at once. */
export const useDeactivateUser = () =>
  useScopedMutation(userEndpoints.deactivateUser);
/** Lets a deactivated user sign in again. */
export const useReactivateUser = () =>
  useScopedMutation(userEndpoints.reactivateUser);
/** Sends a new invitation link. */
export const useResendInvitation = () =>
  useScopedMutation(userEndpoints.resendInvitation);
/** Withdraws an invitation. */
export const useRevokeInvitation = () =>
  useScopedMutation(userEndpoints.revokeInvitation);
/** Mails a password-reset link. */
export const useSendPasswordReset = () =>
  useScopedMutation(userEndpoints.sendPasswordReset);
/** Ends every session of a user. */
export const useSignOutUser = () =>
  useScopedMutation(userEndpoints.signOutUser);
