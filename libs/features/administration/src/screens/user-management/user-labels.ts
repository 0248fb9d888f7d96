import { ROLE_LABELS, type UserStatus } from '@collective/api-client/contract';

const LABEL_OF: Readonly<Record<string, string>> = ROLE_LABELS;

/** A role in words, as the list, the forms and the audit trail show it; an unknown stored role as it is. */
export const roleLabel = (role: string): string => LABEL_OF[role] ?? role;

/** Where a user's account stands, in words. */
export const STATUS_LABELS: Readonly<Record<UserStatus, string>> = {
  invited: 'Invited',
  active: 'Active',
  deactivated: 'Deactivated',
};

/** The audit trail's actions on a user (docs/decisions/0086), in words. */
export const USER_EVENT_LABELS: Readonly<Record<string, string>> = {
  invite: 'Invited',
  update: 'Name or role changed',
  resend_invitation: 'Invitation sent again',
  revoke_invitation: 'Invitation withdrawn',
  deactivate: 'Deactivated',
  reactivate: 'Reactivated',
  send_password_reset: 'Password-reset link sent',
  sign_out_everywhere: 'Signed out everywhere',
  accept_invitation: 'Invitation accepted',
  reset_password: 'Password reset',
};
