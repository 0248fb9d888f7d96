/**
 * @collective/auth: the session (login, logout, restore, cross-tab sync) and
 * the access model of the Collective Dashboard. No React; the bindings are in
 * `@collective/auth/react`.
 */
// The access rules are the contract's (one encoding for client, server and
// test fake); auth hands them on to the shell's libraries.
// (From the rules' own entry: the sign-in page must not load the client.)
export {
  dataFilterFor,
  deriveAccess,
  SPECIAL_BRAND_MEMBER_ID,
} from '@collective/api-client/access';
export type {
  Access,
  AccessKind,
  DataFilter,
  Permissions,
} from '@collective/api-client/access';
export { MAX_STORED_VALUE_LENGTH } from './constants';
export { createSession } from './create-session';
export type {
  ApiClientLoader,
  CreateSessionOptions,
  Session,
} from './create-session';
export { LOGIN_FAILED_MESSAGE, loginErrorMessage } from './login-error';
export { createSessionStore } from './session-store';
export type {
  SessionEndReason,
  SessionPlatform,
  SessionState,
  SessionStore,
  SessionStoreOptions,
} from './session-store';
export { parseStoredToken, parseStoredUser } from './stored-values';
