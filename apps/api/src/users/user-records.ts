import type { ManagedUser } from '@collective/api-client/contract';
import type { SqlRunner } from '../db/database';
import { isoTime } from '../db/iso-time';

/** A user row as user management reads it (never the password hash). */
export interface ManagedUserRow {
  id: number;
  email: string;
  name: string;
  role: string;
  member_id: number | null;
  member_name: string | null;
  status: 'invited' | 'active' | 'deactivated';
  last_sign_in_at: Date | null;
  created_at: Date;
  invitation_expires_at: Date | null;
  version: number;
  has_password: boolean;
}

/** Columns of {@link ManagedUserRow}, over `users u LEFT JOIN members m`. */
export const MANAGED_USER_COLUMNS = `u.id, u.email, u.name, u.role, u.member_id,
  m.name AS member_name, u.status, u.last_sign_in_at, u.created_at, u.version,
  (u.password_hash IS NOT NULL) AS has_password,
  (SELECT max(t.expires_at) FROM user_tokens t
    WHERE t.user_id = u.id AND t.purpose = 'invitation'
      AND t.used_at IS NULL AND t.revoked_at IS NULL) AS invitation_expires_at`;

/** A user row as the contract sends it. */
export function toManagedUser(row: ManagedUserRow): ManagedUser {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    member_id: row.member_id,
    member_name: row.member_name,
    status: row.status,
    last_sign_in_at: isoTime(row.last_sign_in_at),
    created_at: new Date(row.created_at).toISOString(),
    invitation_expires_at: isoTime(row.invitation_expires_at),
    version: row.version,
  };
}

/**
 * The fields of a user an audit event keeps (decisions D15): who they are,
 * their role, member and status — never a password, hash or link token.
 */
export function auditedUser(
  row: ManagedUserRow,
): Record<string, string | number | null> {
  return {
    email: row.email,
    name: row.name,
    role: row.role,
    member_id: row.member_id,
    status: row.status,
    version: row.version,
  };
}

/** One user by id, optionally locked for the caller's transaction; `null` when there is none. */
export async function readManagedUser(
  db: SqlRunner,
  id: number,
  lock = false,
): Promise<ManagedUserRow | null> {
  if (lock) {
    await db.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [id]);
  }
  const rows = await db.query<ManagedUserRow>(
    `SELECT ${MANAGED_USER_COLUMNS}
       FROM users u LEFT JOIN members m ON m.id = u.member_id
      WHERE u.id = $1`,
    [id],
  );
  return rows[0] ?? null;
}
