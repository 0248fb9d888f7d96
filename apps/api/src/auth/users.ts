import type { User } from '@collective/api-client/contract';
import type { SqlRunner } from '../db/database';

/** A row of the `users` table, without the password hash. */
export interface UserRecord {
  id: number;
  email: string;
  name: string;
  role: string;
  member_id: number | null;
  member_code: string | null;
  allowed_tenant_id: number | null;
  is_pact_staff: boolean;
  /** `invited`, `active` or `deactivated` (decisions D16); only `active` users sign in. */
  status: string;
}

/** The user row and its stored password hash (none before an invitation is accepted), as login needs them. */
export interface UserWithPassword extends UserRecord {
  password_hash: string | null;
}

/** Column list of {@link UserRecord}, for queries that read users. */
export const USER_COLUMNS =
  'u.id, u.email, u.name, u.role, u.member_id, u.member_code, u.allowed_tenant_id, u.is_pact_staff, u.status';

/** Finds a user by email, compared lowercased; `null` when there is none. */
export async function findUserByEmail(
  db: SqlRunner,
  email: string,
): Promise<UserWithPassword | null> {
  const rows = await db.query<UserWithPassword>(
    `SELECT ${USER_COLUMNS}, u.password_hash FROM users u WHERE u.email = $1`,
    [email.toLowerCase()],
  );
  return rows[0] ?? null;
}

/** Finds an active user by id; `null` when there is none or they are not active (decisions D16). */
export async function findUserById(
  db: SqlRunner,
  id: number,
): Promise<UserRecord | null> {
  const rows = await db.query<UserRecord>(
    `SELECT ${USER_COLUMNS} FROM users u WHERE u.id = $1 AND u.status = 'active'`,
    [id],
  );
  return rows[0] ?? null;
}

/**
 * Stores `next` as the user's password hash, if the stored one is still
 * `previous` (a password changed meanwhile is kept). Returns whether it
 * replaced it. Login uses it to move a legacy hash to argon2id.
 */
export async function replacePasswordHash(
  db: SqlRunner,
  userId: number,
  previous: string,
  next: string,
): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    'UPDATE users SET password_hash = $3 WHERE id = $1 AND password_hash = $2 RETURNING id',
    [userId, previous, next],
  );
  return rows.length > 0;
}

/** The user as the API contract sends it (login and current-user responses). */
export function toContractUser(record: UserRecord): User {
  return {
    name: record.name,
    email: record.email,
    role: record.role,
    member_id: record.member_id,
    member_code: record.member_code,
    allowed_tenant_id: record.allowed_tenant_id,
    isPactStaff: record.is_pact_staff,
  };
}
