/**
 * API keys (decisions D13, docs/decisions/0033): `ck_<8 hex>_<43 base64url>`,
 * 256 random bits after the prefix, shown once at creation and stored only
 * as their SHA-256. A key reads the data endpoints as its owner.
 */
import { hash, randomBytes } from 'node:crypto';
import {
  API_KEY_LAST_USED_INTERVAL_MS,
  API_KEY_SECRET_BYTES,
} from '../constants';
import type { SqlRunner } from '../db/database';
import { USER_COLUMNS, type UserRecord } from '../auth/users';

/** What every API key starts with, so it is told apart from a session token at a glance. */
export const API_KEY_PREFIX = 'ck_';

/** The shape of a whole key as this server makes it. */
const API_KEY_PATTERN = /^ck_[0-9a-f]{8}_[A-Za-z0-9_-]{43}$/;

/** A key just made: the whole key (shown once), its visible prefix and its hash. */
export interface NewApiKey {
  /** `ck_<8 hex>_<43 base64url>`: the only time it exists outside the caller's hands. */
  secret: string;
  /** `ck_<8 hex>`, listed so the owner can recognise the key. */
  prefix: string;
  /** What the database keeps: {@link hashApiKey} of the secret. */
  keyHash: string;
}

/** SHA-256 (hex) of a key: the only form in which keys are stored. */
export function hashApiKey(secret: string): string {
  return hash('sha256', secret, 'hex');
}

/** Makes a new random key. */
export function generateApiKey(): NewApiKey {
  const prefix = `${API_KEY_PREFIX}${randomBytes(4).toString('hex')}`;
  const secret = `${prefix}_${randomBytes(API_KEY_SECRET_BYTES).toString('base64url')}`;
  return { secret, prefix, keyHash: hashApiKey(secret) };
}

/**
 * Whether a bearer token is meant as an API key (it starts with `ck_`);
 * session tokens are bare base64url and never do.
 */
export function isApiKeyToken(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX);
}

/** A live key and its owner. */
export interface ApiKeyOwner {
  keyId: number;
  lastUsedAt: Date | null;
  user: UserRecord;
}

/**
 * The owner of a live (not revoked) key, or `null`. Asks the database every
 * time, without a cache, so a revoked key stops working at once on every
 * server process.
 */
export async function findApiKeyOwner(
  db: SqlRunner,
  secret: string,
): Promise<ApiKeyOwner | null> {
  if (!API_KEY_PATTERN.test(secret)) return null;
  const rows = await db.query<
    UserRecord & { key_id: number; key_last_used_at: Date | null }
  >(
    `SELECT k.id AS key_id, k.last_used_at AS key_last_used_at, ${USER_COLUMNS}
       FROM api_keys k JOIN users u ON u.id = k.user_id
      WHERE k.key_hash = $1 AND k.revoked_at IS NULL AND u.status = 'active'`,
    [hashApiKey(secret)],
  );
  const row = rows[0];
  if (!row) return null;
  const { key_id: keyId, key_last_used_at: lastUsedAt, ...user } = row;
  return {
    keyId,
    lastUsedAt: lastUsedAt === null ? null : new Date(lastUsedAt),
    user,
  };
}

/** Records when keys were used, cheaply. */
export interface LastUsedRecorder {
  /**
   * Notes that a key was just used. Writes `last_used_at` only when the
   * stored time is more than {@link API_KEY_LAST_USED_INTERVAL_MS} old and
   * this process has not written it within that interval, so a key used a
   * thousand times a minute costs one write a minute.
   */
  used(owner: Pick<ApiKeyOwner, 'keyId' | 'lastUsedAt'>): Promise<void>;
}

/** Most keys whose last write {@link createLastUsedRecorder} remembers; then it starts over. */
const MAX_REMEMBERED_KEYS = 10_000;

/** A {@link LastUsedRecorder} over `db`; `now` is injectable for tests. */
export function createLastUsedRecorder(
  db: SqlRunner,
  now: () => number = Date.now,
  intervalMs: number = API_KEY_LAST_USED_INTERVAL_MS,
): LastUsedRecorder {
  const written = new Map<number, number>();
  return {
    async used({ keyId, lastUsedAt }) {
      const time = now();
      if (lastUsedAt !== null && time - lastUsedAt.getTime() < intervalMs) {
        return;
      }
      const last = written.get(keyId);
      if (last !== undefined && time - last < intervalMs) return;
      if (written.size >= MAX_REMEMBERED_KEYS) written.clear();
      written.set(keyId, time);
      // The condition makes concurrent writers of other processes no-ops.
      await db.query(
        `UPDATE api_keys SET last_used_at = $2
          WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < $3)`,
        [keyId, new Date(time), new Date(time - intervalMs)],
      );
    },
  };
}
