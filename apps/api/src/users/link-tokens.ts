import { randomBytes } from 'node:crypto';
import type { SqlRunner } from '../db/database';
import { hashToken } from '../auth/sessions';

/** What a single-use link is for (decisions D16). */
export type LinkPurpose = 'invitation' | 'password_reset';

/** Random bytes in a link token (256 bits), sent base64url-encoded. */
const LINK_TOKEN_BYTES = 32;

/** A link just made: its token (only ever in the mail) and its expiry. */
export interface IssuedLink {
  token: string;
  expiresAt: Date;
}

/**
 * Makes a single-use link for a user: a random token, stored only as its
 * SHA-256, valid `ttlMs` from `now`. Any earlier open link of the same
 * purpose for the user is revoked, so only the newest one works.
 */
export async function issueLink(
  tx: SqlRunner,
  userId: number,
  purpose: LinkPurpose,
  createdBy: number | null,
  now: Date,
  ttlMs: number,
): Promise<IssuedLink> {
  await revokeLinks(tx, userId, purpose, now);
  const token = randomBytes(LINK_TOKEN_BYTES).toString('base64url');
  const expiresAt = new Date(now.getTime() + ttlMs);
  await tx.query(
    `INSERT INTO user_tokens (token_hash, user_id, purpose, created_by, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [hashToken(token), userId, purpose, createdBy, now, expiresAt],
  );
  return { token, expiresAt };
}

/** Revokes the open links of a purpose (or every purpose) of a user. */
export async function revokeLinks(
  tx: SqlRunner,
  userId: number,
  purpose: LinkPurpose | null,
  now: Date,
): Promise<number> {
  const rows = await tx.query<{ token_hash: string }>(
    `UPDATE user_tokens SET revoked_at = $3
      WHERE user_id = $1 AND ($2::text IS NULL OR purpose = $2)
        AND used_at IS NULL AND revoked_at IS NULL
      RETURNING token_hash`,
    [userId, purpose, now],
  );
  return rows.length;
}

/** An open link and whose it is. */
export interface OpenLink {
  tokenHash: string;
  userId: number;
  expiresAt: Date;
}

/**
 * The open link of `token` for `purpose` — not used, not revoked, not
 * expired — or `null`. With `lock`, the row is locked for the caller's
 * transaction, so two uses of one link cannot both pass.
 */
export async function findOpenLink(
  db: SqlRunner,
  token: string,
  purpose: LinkPurpose,
  now: Date,
  lock = false,
): Promise<OpenLink | null> {
  const rows = await db.query<{
    token_hash: string;
    user_id: number;
    expires_at: Date;
  }>(
    `SELECT token_hash, user_id, expires_at FROM user_tokens
      WHERE token_hash = $1 AND purpose = $2
        AND used_at IS NULL AND revoked_at IS NULL AND expires_at > $3
      ${lock ? 'FOR UPDATE' : ''}`,
    [hashToken(token), purpose, now],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    tokenHash: row.token_hash,
    userId: row.user_id,
    expiresAt: new Date(row.expires_at),
  };
}

/** Marks a link used, so it never works again. */
export async function useLink(
  tx: SqlRunner,
  link: OpenLink,
  now: Date,
): Promise<void> {
  await tx.query('UPDATE user_tokens SET used_at = $2 WHERE token_hash = $1', [
    link.tokenHash,
    now,
  ]);
}
