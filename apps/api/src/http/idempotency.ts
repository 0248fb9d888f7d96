import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Database, SqlRunner } from '../db/database';
import { Refusal } from './error-replies';

/** The request header naming a create's idempotency key. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** Whether a request names an idempotency key (an upload's file is then read ahead). */
export function hasIdempotencyKey(request: FastifyRequest): boolean {
  return request.headers[IDEMPOTENCY_HEADER] !== undefined;
}

/** How long a key's first answer is kept and replayed. */
export const IDEMPOTENCY_KEY_HOURS = 24;
/** Longest key accepted: printable ASCII, as the IETF draft and Stripe use. */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** A write's answer, as kept for replay. */
export interface StoredAnswer {
  status: number;
  body: unknown;
}

/**
 * Runs a create (`work`, in one transaction) at most once per
 * `Idempotency-Key` and user (the IETF httpapi Idempotency-Key draft): the
 * first request with a key runs and its answer is kept in the same
 * transaction for {@link IDEMPOTENCY_KEY_HOURS} hours; a retry with the
 * same key and body gets that answer again without running; the same key
 * with another body is refused (422). A request that fails keeps nothing,
 * so its retry runs. Two requests with one key at once: PostgreSQL makes
 * the second wait for the first's commit, then it replays. Without the
 * header, the work simply runs. `request` is what tells a retry from
 * another request: the JSON body, unless given (an upload's query and
 * file digest).
 */
export async function withIdempotency(
  db: Database,
  request: FastifyRequest,
  endpoint: string,
  work: (tx: SqlRunner) => Promise<StoredAnswer>,
  what: unknown = request.body,
): Promise<StoredAnswer> {
  const header = request.headers[IDEMPOTENCY_HEADER];
  const userId = request.caller?.user.id;
  if (header === undefined || userId === undefined) {
    return db.transaction(work);
  }
  if (typeof header !== 'string' || !KEY_PATTERN.test(header)) {
    throw new Refusal(
      400,
      'Invalid Idempotency-Key',
      'Idempotency-Key must be 1 to 255 printable ASCII characters, e.g. a UUID.',
    );
  }
  const requestHash = createHash('sha256')
    .update(`${endpoint}\n${JSON.stringify(what ?? null)}`)
    .digest('base64url');
  return db.transaction(async (tx) => {
    await tx.query(
      `DELETE FROM idempotency_keys
        WHERE user_id = $1 AND key = $2
          AND created_at < now() - make_interval(hours => $3)`,
      [userId, header, IDEMPOTENCY_KEY_HOURS],
    );
    const claimed = await tx.query(
      `INSERT INTO idempotency_keys (user_id, key, endpoint, request_hash, status, body)
       VALUES ($1, $2, $3, $4, 0, 'null') ON CONFLICT DO NOTHING RETURNING key`,
      [userId, header, endpoint, requestHash],
    );
    if (claimed.length === 0) {
      const [kept] = await tx.query<{
        endpoint: string;
        request_hash: string;
        status: number;
        body: unknown;
      }>(
        `SELECT endpoint, request_hash, status, body FROM idempotency_keys
          WHERE user_id = $1 AND key = $2`,
        [userId, header],
      );
      if (
        !kept ||
        kept.endpoint !== endpoint ||
        kept.request_hash !== requestHash
      ) {
        throw new Refusal(
          422,
          'Idempotency-Key reused',
          'This Idempotency-Key was used for another request; send a new key for a new request.',
        );
      }
      return { status: kept.status, body: kept.body };
    }
    const answer = await work(tx);
    await tx.query(
      `UPDATE idempotency_keys SET status = $3, body = $4
        WHERE user_id = $1 AND key = $2`,
      [userId, header, answer.status, JSON.stringify(answer.body)],
    );
    return answer;
  });
}
