/**
 * @collective/auth: the session (login, logout, restore, cross-tab sync) and
 * the access model of the Collective Dashboard. No React; the bindings are in
 * `@collective/auth/react`.
 */
export { dataFilterFor, deriveAccess } from './access';
export type { Access, AccessKind, DataFilter, Permissions } from './access';
export { MAX_STORED_VALUE_LENGTH, SPECIAL_BRAND_MEMBER_ID } from './constants';
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
