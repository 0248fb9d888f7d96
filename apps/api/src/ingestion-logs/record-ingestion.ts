import type {
  FeedSource,
  IngestionStatus,
  TenantCode,
} from '@collective/api-client/contract';
import type { SqlRunner } from '../db/database';

/** Longest message the log keeps; a longer one is cut with an ellipsis. */
export const MAX_INGESTION_MESSAGE_LENGTH = 2000;

/** One run of a feed, as the code that ingested it reports it. */
export interface IngestionEntry {
  source: FeedSource;
  startedAt: Date;
  /** When the run ended; now when absent. */
  finishedAt?: Date;
  status: IngestionStatus;
  /** Rows taken in (for a failed run, rows read before it failed). */
  rows: number;
  /** One sentence for people: what was taken in, or why not. */
  message: string;
  /** The tenant the data came through; the main tenant when absent. */
  tenant?: TenantCode;
  /** The member the rows belong to; null or absent for a collective-level run. */
  memberId?: number | null;
}

/**
 * Appends one run of a feed to the ingestion log (decisions D17;
 * docs/decisions/0100). Call it with the transaction of the write that
 * ingested the data (a G2 upload's commit, say), so the line exists exactly
 * when the data does: a rolled-back write leaves no line. A run spanning
 * several members calls it once per member. Returns the line's id.
 */
export async function recordIngestion(
  tx: SqlRunner,
  entry: IngestionEntry,
): Promise<number> {
  if (!Number.isInteger(entry.rows) || entry.rows < 0) {
    throw new RangeError(
      `An ingestion's rows must be a whole number from 0; got ${entry.rows}.`,
    );
  }
  const finishedAt = entry.finishedAt ?? new Date();
  if (finishedAt < entry.startedAt) {
    throw new RangeError(
      'An ingestion cannot finish before it started: pass finishedAt after startedAt.',
    );
  }
  const message =
    entry.message.length > MAX_INGESTION_MESSAGE_LENGTH
      ? `${entry.message.slice(0, MAX_INGESTION_MESSAGE_LENGTH - 1)}…`
      : entry.message;
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO ingestion_log
       (source, tenant, member_id, started_at, finished_at, status, rows, message)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id::text AS id`,
    [
      entry.source,
      entry.tenant ?? 'pact',
      entry.memberId ?? null,
      entry.startedAt.toISOString(),
      finishedAt.toISOString(),
      entry.status,
      entry.rows,
      message,
    ],
  );
  return Number(row?.id);
}
