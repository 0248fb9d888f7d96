import {
  endpoints,
  MAX_API_KEYS_PER_USER,
  type ApiKey,
} from '@collective/api-client/contract';
import type { FastifyPluginAsync } from 'fastify';
import { authenticated, type SessionContext } from '../auth/authenticate';
import type { Database } from '../db/database';
import { pathInsideApi } from '../http/api-path';
import { sendError } from '../http/error-replies';
import { validate } from '../http/validation';
import { generateApiKey } from './api-keys';

/** Options of {@link apiKeyRoutes}. */
export interface ApiKeyRoutesOptions extends SessionContext {
  db: Database;
}

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
 *   409 when the caller already holds {@link MAX_API_KEYS_PER_USER} live keys;
 * - DELETE /api/keys/:id: revokes the key at once; 404 for another user's
 *   key, a revoked one or none.
 */
export const apiKeyRoutes: FastifyPluginAsync<ApiKeyRoutesOptions> = async (
  app,
  options,
) => {
  const { db } = options;

  app.get(
    pathInsideApi(endpoints.apiKeys.path),
    authenticated(options, async (_request, _reply, caller) => {
      const rows = await db.query<ApiKeyRow>(
        `SELECT ${KEY_COLUMNS} FROM api_keys
          WHERE user_id = $1 AND revoked_at IS NULL
          ORDER BY created_at DESC, id DESC`,
        [caller.id],
      );
      return { success: true, keys: rows.map(toContractKey) };
    }),
  );

  app.post(
    pathInsideApi(endpoints.createApiKey.path),
    authenticated(options, async (request, reply, caller) => {
      const body = validate(
        endpoints.createApiKey.body,
        request.body,
        'Request body',
      );
      if (!body.ok) return sendError(reply, 400, body.error);
      const key = generateApiKey();
      const created = await db.transaction(async (tx) => {
        // One creation per user at a time, so two at once cannot pass the limit.
        await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [
          caller.id,
        ]);
        const [live] = await tx.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM api_keys WHERE user_id = $1 AND revoked_at IS NULL',
          [caller.id],
        );
        if ((live?.n ?? 0) >= MAX_API_KEYS_PER_USER) return null;
        const [row] = await tx.query<ApiKeyRow>(
          `INSERT INTO api_keys (user_id, name, prefix, key_hash)
           VALUES ($1, $2, $3, $4) RETURNING ${KEY_COLUMNS}`,
          [caller.id, body.value.name, key.prefix, key.keyHash],
        );
        return row ?? null;
      });
      if (!created) {
        return sendError(
          reply,
          409,
          'Too many API keys',
          `You already hold ${MAX_API_KEYS_PER_USER} API keys, the most allowed; revoke one you no longer use, then create the new one.`,
        );
      }
      request.log.info(
        { event: 'api_key_created', userId: caller.id, keyId: created.id },
        'API key created',
      );
      return reply.code(201).send({
        success: true,
        key: toContractKey(created),
        secret: key.secret,
      });
    }),
  );

  app.delete(
    pathInsideApi(endpoints.revokeApiKey.path),
    authenticated(options, async (request, reply, caller) => {
      const params = validate(
        endpoints.revokeApiKey.params,
        request.params,
        'Path',
      );
      if (!params.ok) return sendError(reply, 400, `key id ${params.error}`);
      const revoked = await db.query<{ id: number }>(
        `UPDATE api_keys SET revoked_at = now()
          WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL RETURNING id`,
        [params.value.id, caller.id],
      );
      if (revoked.length === 0) {
        return sendError(
          reply,
          404,
          'Not found',
          `You have no API key ${params.value.id}.`,
        );
      }
      request.log.info(
        { event: 'api_key_revoked', userId: caller.id, keyId: params.value.id },
        'API key revoked',
      );
      return { success: true };
    }),
  );
};
