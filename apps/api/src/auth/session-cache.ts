import { SESSION_CACHE_MAX_ENTRIES, SESSION_CACHE_TTL_MS } from '../constants';
import type { UserRecord } from './users';

/** Settings of {@link createSessionCache}. */
export interface SessionCacheOptions {
  /** How long an entry is reused; 0 turns the cache off. */
  ttlMs: number;
  /** Most entries held; the oldest go first. */
  maxEntries: number;
}

/** The defaults from `constants.ts`: 5 seconds, 10,000 sessions. */
export const DEFAULT_SESSION_CACHE_OPTIONS: Readonly<SessionCacheOptions> = {
  ttlMs: SESSION_CACHE_TTL_MS,
  maxEntries: SESSION_CACHE_MAX_ENTRIES,
};

/**
 * A short-lived, in-process memory of token hash → live session user, so a
 * burst of calls with one token asks the database once. Keyed by the token's
 * SHA-256, never the token. Entries never outlive the session itself, and
 * live at most `ttlMs` from the moment their database lookup began: a
 * session revoked anywhere else (another server process, or directly in the
 * database) is refused here at most `ttlMs` after the revocation committed.
 */
export interface SessionCache {
  /** The user of a cached live session, or `undefined`. */
  get(tokenHash: string): Readonly<UserRecord> | undefined;
  /** Call before asking the database; pass the result to {@link SessionCache.set}. */
  beginLookup(): SessionLookup;
  /**
   * Remembers a session just found live in the database. A session forgotten
   * after `lookup` began (a logout racing the lookup) is not stored again.
   */
  set(
    tokenHash: string,
    user: UserRecord,
    sessionExpiresAt: Date,
    lookup: SessionLookup,
  ): void;
  /**
   * Forgets a session at once (logout), and refuses to store it again from a
   * lookup that began before this call.
   */
  forget(tokenHash: string): void;
}

/** When a database lookup of a session began, as {@link SessionCache.set} needs it. */
export interface SessionLookup {
  /** The cache's clock when the lookup began; the entry lives `ttlMs` from here. */
  readonly startedAt: number;
  /** How many sessions had been forgotten when it began. */
  readonly forgets: number;
}

interface Entry {
  user: Readonly<UserRecord>;
  until: number;
}

/**
 * Creates a {@link SessionCache}. With `ttlMs: 0` every call goes to the
 * database. `now` is injectable for tests.
 */
export function createSessionCache(
  options: Partial<SessionCacheOptions> = {},
  now: () => number = Date.now,
): SessionCache {
  const { ttlMs, maxEntries } = {
    ...DEFAULT_SESSION_CACHE_OPTIONS,
    ...options,
  };
  const entries = new Map<string, Entry>();
  /** Number of forget() calls so far; a lookup remembers the value it began at. */
  let forgets = 0;
  /** Token hash → the forget() count when it was forgotten (bounded like the entries). */
  const forgotten = new Map<string, number>();

  function bound<V>(map: Map<string, V>): void {
    while (map.size >= maxEntries) {
      const oldest = map.keys().next();
      if (oldest.done) return;
      map.delete(oldest.value);
    }
  }

  return {
    get(tokenHash) {
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      if (entry.until <= now()) {
        entries.delete(tokenHash);
        return undefined;
      }
      return entry.user;
    },
    beginLookup: () => ({ startedAt: now(), forgets }),
    set(tokenHash, user, sessionExpiresAt, lookup) {
      if (ttlMs <= 0) return;
      const time = now();
      const forgottenAt = forgotten.get(tokenHash);
      if (forgottenAt !== undefined) {
        // Forgotten while this lookup ran: what it read may predate the logout.
        if (forgottenAt > lookup.forgets) return;
        forgotten.delete(tokenHash);
      }
      // Counted from the lookup's start, not its end: what it read is at
      // least that old, so a slow query cannot stretch the staleness bound.
      const until = Math.min(
        lookup.startedAt + ttlMs,
        sessionExpiresAt.getTime(),
      );
      if (until <= time) return;
      entries.delete(tokenHash);
      bound(entries);
      entries.set(tokenHash, { user: Object.freeze({ ...user }), until });
    },
    forget(tokenHash) {
      entries.delete(tokenHash);
      if (ttlMs <= 0) return;
      forgets += 1;
      forgotten.delete(tokenHash);
      bound(forgotten);
      forgotten.set(tokenHash, forgets);
    },
  };
}
