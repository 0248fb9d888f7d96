import { createHash } from 'node:crypto';
import {
  MAILBACK_RATE_LIMIT,
  MAILBACK_RATE_WINDOW_SECONDS,
} from '@collective/api-client/contract';
import type { SqlRunner } from '../db/database';
import { clientAddressKey } from '../auth/login-throttle';

/** What the public form is limited by: the client's address and the email given. */
export type RateKind = 'address' | 'email';

/** The key a value is counted under: its SHA-256, so neither is kept in clear. */
function keyOf(kind: RateKind, value: string): string {
  const text =
    kind === 'address' ? clientAddressKey(value) : value.toLowerCase();
  return createHash('sha256').update(`mailback:${kind}:${text}`).digest('hex');
}

/** Seconds until a refused client may submit again, or `null` when under the limit. */
export type RateVerdict = { retryAfterSeconds: number } | null;

/**
 * Counts one submission against the limit of each of `values` (decisions
 * D19): at most {@link MAILBACK_RATE_LIMIT} per client address and per email
 * within {@link MAILBACK_RATE_WINDOW_SECONDS}, kept in the database so every
 * server process shares them. Runs inside the submission's transaction `tx`
 * and takes a transaction-scoped advisory lock per key, so two processes
 * cannot both take the last place. Records nothing when refused.
 */
export async function countSubmission(
  tx: SqlRunner,
  values: Readonly<Record<RateKind, string>>,
  now: Date,
): Promise<RateVerdict> {
  const since = new Date(now.getTime() - MAILBACK_RATE_WINDOW_SECONDS * 1000);
  const keys = (Object.entries(values) as [RateKind, string][])
    .map(([kind, value]) => [kind, keyOf(kind, value)] as const)
    .sort(([, a], [, b]) => a.localeCompare(b));
  let retryAfterSeconds = 0;
  for (const [kind, key] of keys) {
    await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 7))', [
      key,
    ]);
    const [row] = await tx.query<{ n: number; oldest: Date | null }>(
      `SELECT count(*)::int AS n, min(at) AS oldest FROM mailback_attempts
        WHERE kind = $1 AND key = $2 AND at > $3`,
      [kind, key, since],
    );
    if (row && row.n >= MAILBACK_RATE_LIMIT && row.oldest) {
      const free =
        new Date(row.oldest).getTime() + MAILBACK_RATE_WINDOW_SECONDS * 1000;
      retryAfterSeconds = Math.max(
        retryAfterSeconds,
        Math.ceil((free - now.getTime()) / 1000),
        1,
      );
    }
  }
  if (retryAfterSeconds > 0) return { retryAfterSeconds };
  for (const [kind, key] of keys) {
    await tx.query(
      'INSERT INTO mailback_attempts (kind, key, at) VALUES ($1, $2, $3)',
      [kind, key, now],
    );
  }
  // Nothing is kept past the window, whoever it was counted for.
  await tx.query('DELETE FROM mailback_attempts WHERE at <= $1', [since]);
  return null;
}
