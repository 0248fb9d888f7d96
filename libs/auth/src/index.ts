/**
 * @collective/auth: the session (login, logout, restore, cross-tab sync) and
 * the access model of the Collective Dashboard. No React; the bindings are in
 * `@collective/auth/react`.
 */
export { dataFilterFor, deriveAccess } from './access';
export type { Access, AccessKind, DataFilter, Permissions } from './access';
export {
  MAX_STORED_VALUE_LENGTH,
  SPECIAL_BRAND_MEMBER_ID,
  STORAGE_KEYS,
} from './constants';
export { createSafeStorage } from './safe-storage';
export type { KeyValueStorage } from './safe-storage';
export { createSessionStore } from './session-store';
export type {
  SessionEndReason,
  SessionState,
  SessionStore,
  SessionStoreOptions,
} from './session-store';
export { parseStoredToken, parseStoredUser } from './stored-values';
