import { hash, randomBytes } from 'node:crypto';
import { SESSION_TOKEN_BYTES, SESSION_TTL_MS } from '../constants';
import type { SqlRunner } from '../db/database';
import type { SessionCache } from './session-cache';
import { USER_COLUMNS, type UserRecord } from './users';

/**
 * SHA-256 of a token (hex): the only form in which tokens are stored. The
 * one-shot `crypto.hash` (Node 20.12+), as every API call pays for it.
 */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

/** A session handed to the client at login. */
export interface IssuedSession {
  /** The bearer token; the server keeps only its hash. */
  token: string;
  expiresAt: Date;
}

/**
 * Starts a session for a user: a random 256-bit token (base64url) whose hash
 * is stored with an expiry {@link SESSION_TTL_MS} after `now`. Also drops the
 * user's sessions that have expired, so the table does not grow without end.
 */
export async function createSession(
  db: SqlRunner,
  userId: number,
  now: Date = new Date(),
): Promise<IssuedSession> {
  const token = randomBytes(SESSION_TOKEN_BYTES).toString('base64url');
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await db.query(
    'DELETE FROM sessions WHERE user_id = $1 AND expires_at <= $2',
    [userId, now],
  );
  await db.query(
    'INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)',
    [hashToken(token), userId, now, expiresAt],
  );
  return { token, expiresAt };
}

/** A live session: its user and when it expires. */
export interface LiveSession {
  user: UserRecord;
  expiresAt: Date;
}

/**
 * The live session (not expired, not revoked, of an active user: a
 * deactivated user's sessions are dead even before they are revoked) of a
 * token hash, or `null`.
 */
export async function findLiveSession(
  db: SqlRunner,
  tokenHash: string,
  now: Date = new Date(),
): Promise<LiveSession | null> {
  const rows = await db.query<UserRecord & { session_expires_at: Date }>(
    `SELECT ${USER_COLUMNS}, s.expires_at AS session_expires_at
       FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > $2
        AND u.status = 'active'`,
    [tokenHash, now],
  );
  const row = rows[0];
  if (!row) return null;
  const { session_expires_at: expiresAt, ...user } = row;
  return { user, expiresAt: new Date(expiresAt) };
}

/** The user of a live session (not expired, not revoked), or `null`. */
export async function findSessionUser(
  db: SqlRunner,
  token: string,
  now: Date = new Date(),
): Promise<UserRecord | null> {
  return (await findLiveSession(db, hashToken(token), now))?.user ?? null;
}

/** Revokes a session; `true` when a live session was revoked by this call. */
export async function revokeSession(
  db: SqlRunner,
  token: string,
  now: Date = new Date(),
): Promise<boolean> {
  const rows = await db.query<{ token_hash: string }>(
    `UPDATE sessions SET revoked_at = $2
      WHERE token_hash = $1 AND revoked_at IS NULL
      RETURNING token_hash`,
    [hashToken(token), now],
  );
  return rows.length > 0;
}

/**
 * Drops a user's live sessions from this instance's session cache (their
 * role changed), so their next request reads the new role at once; other
 * instances read it within the cache's lifetime.
 */
export async function forgetUserSessions(
  db: SqlRunner,
  sessionCache: Pick<SessionCache, 'forget'>,
  userId: number,
  now: Date,
): Promise<void> {
  const rows = await db.query<{ token_hash: string }>(
    `SELECT token_hash FROM sessions
      WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > $2`,
    [userId, now],
  );
  for (const row of rows) sessionCache.forget(row.token_hash);
}

/**
 * Revokes every live session of a user (deactivation, a password reset,
 * "sign out everywhere") and forgets each in this process's session cache
 * at once; other processes stop within the cache's 5 seconds
 * (docs/decisions/0043). Returns how many ended.
 */
export async function revokeUserSessions(
  db: SqlRunner,
  sessionCache: Pick<SessionCache, 'forget'>,
  userId: number,
  now: Date,
): Promise<number> {
  const rows = await db.query<{ token_hash: string }>(
    `UPDATE sessions SET revoked_at = $2
      WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > $2
      RETURNING token_hash`,
    [userId, now],
  );
  for (const row of rows) sessionCache.forget(row.token_hash);
  return rows.length;
}
