import {
  MAX_API_KEYS_PER_USER,
  type ApiKey,
} from '@collective/api-client/contract';
import { resourceRoutes } from '../http/declare-route';
import { notFound, Refusal } from '../http/error-replies';
import { generateApiKey } from './api-keys';

interface ApiKeyRow {
  id: number;
  name: string;
  prefix: string;
  created_at: Date;
  last_used_at: Date | null;
}

const KEY_COLUMNS = 'id, name, prefix, created_at, last_used_at';

/** A key row as the contract lists it: dates as ISO 8601, never the hash. */
function toContractKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    created_at: new Date(row.created_at).toISOString(),
    last_used_at:
      row.last_used_at === null
        ? null
        : new Date(row.last_used_at).toISOString(),
  };
}

/**
 * The caller's API keys (decisions D13), for a signed-in session only — an
 * API key cannot list, make or revoke keys:
 * - GET /api/keys: the live keys, newest first, never a secret or hash;
 * - POST /api/keys `{ name }`: 201 with the key and its secret, this once;
 *   409 when the caller already holds {@link MAX_API_KEYS_PER_USER} live
 *   keys; an Idempotency-Key makes a retried request one key;
 * - DELETE /api/keys/:id: revokes the key at once; 404 for another user's
 *   key, a revoked one or none.
 * Making and revoking a key are audit events (decisions D15).
 */
export const apiKeyRoutes = resourceRoutes({
  async apiKeys({ caller, db }) {
    const rows = await db.query<ApiKeyRow>(
      `SELECT ${KEY_COLUMNS} FROM api_keys
        WHERE user_id = $1 AND revoked_at IS NULL
        ORDER BY created_at DESC, id DESC`,
      [caller.user.id],
    );
    return { success: true, keys: rows.map(toContractKey) };
  },

  async createApiKey({ body, caller, db, request }) {
    const key = generateApiKey();
    // One creation per user at a time, so two at once cannot pass the limit.
    // NO KEY UPDATE: the idempotency key's row already holds KEY SHARE on
    // the user (its foreign key); two UPDATE upgrades would deadlock.
    await db.query('SELECT id FROM users WHERE id = $1 FOR NO KEY UPDATE', [
      caller.user.id,
    ]);
    const [live] = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM api_keys WHERE user_id = $1 AND revoked_at IS NULL',
      [caller.user.id],
    );
    if ((live?.n ?? 0) >= MAX_API_KEYS_PER_USER) {
      throw new Refusal(
        409,
        'Too many API keys',
        `You already hold ${MAX_API_KEYS_PER_USER} API keys, the most allowed; revoke one you no longer use, then create the new one.`,
      );
    }
    const [row] = await db.query<ApiKeyRow>(
      `INSERT INTO api_keys (user_id, name, prefix, key_hash)
       VALUES ($1, $2, $3, $4) RETURNING ${KEY_COLUMNS}`,
      [caller.user.id, body.name, key.prefix, key.keyHash],
    );
    if (!row) throw new Error('INSERT INTO api_keys returned no row');
    const created = toContractKey(row);
    request.log.info(
      { event: 'api_key_created', userId: caller.user.id, keyId: row.id },
      'API key created',
    );
    return {
      answer: { success: true, key: created, secret: key.secret },
      change: {
        id: row.id,
        memberId: caller.access.ownMemberId,
        before: null,
        after: created,
      },
    };
  },

  async revokeApiKey({ params, caller, db, request }) {
    const [row] = await db.query<ApiKeyRow & { revoked_at: Date }>(
      `UPDATE api_keys SET revoked_at = now()
        WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL
        RETURNING ${KEY_COLUMNS}, revoked_at`,
      [params.id, caller.user.id],
    );
    if (!row) notFound(`You have no API key ${params.id}.`);
    request.log.info(
      { event: 'api_key_revoked', userId: caller.user.id, keyId: params.id },
      'API key revoked',
    );
    const before = toContractKey(row);
    return {
      answer: { success: true },
      change: {
        id: row.id,
        memberId: caller.access.ownMemberId,
        before,
        after: {
          ...before,
          revoked_at: new Date(row.revoked_at).toISOString(),
        },
      },
    };
  },
});
