import { userEndpoints } from '@collective/api-client/contract';
import { useScopedMutation, useScopedQuery } from '@collective/tenancy/react';

/** One page of the users in scope (decisions D16), searched and filtered. */
export function useUsers(query: {
  search?: string;
  status?: 'invited' | 'active' | 'deactivated';
  page?: string;
}) {
  return useScopedQuery(
    userEndpoints.users,
    { query },
    {
      keepPreviousWhileChanging: ['page'],
    },
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
