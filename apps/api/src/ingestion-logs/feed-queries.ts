/**
 * The reads of Data Sources (decisions D17; docs/decisions/0100): every
 * feed's health and the ingestion log, in the scope the server decided.
 * The whole collective sees the four feeds and every line; one member's
 * scope (a brand admin's, or a collective admin's chosen member) sees the
 * feeds that carry member data (G2, kiosks, warehouse entry), judged on
 * that member's data, and only that member's lines.
 */
import {
  feedFreshness,
  FEED_GRACE_FACTOR,
  type DataSource,
  type FeedSource,
  type IngestionLog,
  type IngestionLogSort,
  type IngestionStatus,
} from '@collective/api-client/contract';
import type { SqlRunner } from '../db/database';
import { pageClause, type AskedPage } from '../http/paging';
import { Where } from '../db/where';
import { isoUtc } from '../data/program-queries';

/** The feeds whose data belongs to the collective, not to one member: hidden in a member's scope. */
export const COLLECTIVE_FEEDS: readonly FeedSource[] = ['mailback'];

/** `alias.member_id` limited to the scope `$n` (an int or null). */
const inScope = (alias: string, param: string) =>
  `(${param}::int IS NULL OR ${alias}.member_id = ${param}::int)`;

interface FeedRow {
  source: FeedSource;
  name: string;
  description: string;
  cadence_hours: number;
  last_success_at: string | null;
  last_run_at: string | null;
  last_status: IngestionStatus | null;
  failures_30d: number;
}

/**
 * Every feed visible in the scope of `memberId` (`null`: the collective),
 * in the feeds' order, with its last success — the latest run that did
 * not fail, or for kiosks, warehouse entry and mail-back the latest record
 * of their own tables (a kiosk's heartbeat, a receipt, a submission),
 * whichever is later — its latest run, failures over 30 days and its
 * freshness at `now`.
 */
export async function readDataSources(
  db: SqlRunner,
  memberId: number | null,
  now: Date,
): Promise<DataSource[]> {
  const rows = await db.query<FeedRow>(
    `SELECT f.source, f.name, f.description, f.cadence_hours,
            ${isoUtc(`greatest(
              (SELECT max(l.finished_at) FROM ingestion_log l
                WHERE l.source = f.source AND l.status <> 'failed' AND ${inScope('l', '$1')}),
              CASE f.source
                WHEN 'kiosks' THEN (SELECT max(s.last_heartbeat_at) FROM stores s
                  WHERE s.channel = 'kiosk' AND s.active AND ${inScope('s', '$1')})
                WHEN 'warehouse' THEN (SELECT max(sh.received_at) FROM shipments sh
                  WHERE sh.received_at IS NOT NULL AND ${inScope('sh', '$1')})
                WHEN 'mailback' THEN (SELECT max(ms.created_at) FROM mailback_submissions ms)
              END)`)} AS last_success_at,
            ${isoUtc('last.started_at')} AS last_run_at, last.status AS last_status,
            (SELECT count(*) FROM ingestion_log l
              WHERE l.source = f.source AND l.status = 'failed'
                AND l.started_at >= $2::timestamptz - interval '30 days'
                AND ${inScope('l', '$1')})::int AS failures_30d
       FROM ingestion_feeds f
       LEFT JOIN LATERAL (
         SELECT l.started_at, l.status FROM ingestion_log l
          WHERE l.source = f.source AND ${inScope('l', '$1')}
          ORDER BY l.started_at DESC, l.id DESC LIMIT 1) last ON true
      WHERE $1::int IS NULL OR f.source <> ALL ($3::text[])
      ORDER BY f.position`,
    [memberId, now.toISOString(), COLLECTIVE_FEEDS],
  );
  return rows.map((row) => ({
    ...row,
    freshness: feedFreshness(
      row.last_success_at === null ? null : new Date(row.last_success_at),
      row.cadence_hours,
      now,
      FEED_GRACE_FACTOR,
    ),
  }));
}

/** The filters of the log, validated by the contract. */
export interface IngestionLogFilters {
  memberId: number | null;
  source?: FeedSource | undefined;
  status?: IngestionStatus | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

function whereOf(filters: IngestionLogFilters): Where {
  const where = new Where();
  if (filters.memberId !== null) {
    where.add(`l.member_id = ${where.param(filters.memberId)}`);
  }
  if (filters.source) where.add(`l.source = ${where.param(filters.source)}`);
  if (filters.status) where.add(`l.status = ${where.param(filters.status)}`);
  if (filters.from) {
    where.add(`l.started_at >= ${where.param(filters.from)}::date`);
  }
  if (filters.to) {
    where.add(
      `l.started_at < ${where.param(filters.to)}::date + interval '1 day'`,
    );
  }
  return where;
}

/** One page of the log matching `filters`, in `sort` order, and how many lines match. */
export async function readIngestionLog(
  db: SqlRunner,
  filters: IngestionLogFilters,
  sort: IngestionLogSort,
  paging: AskedPage,
): Promise<{ lines: IngestionLog[]; total: number }> {
  const where = whereOf(filters);
  const [count] = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM ingestion_log l ${where.sql}`,
    where.params,
  );
  const direction = sort === 'started_at' ? 'ASC' : 'DESC';
  const page = pageClause(paging, where.param);
  const rows = await db.query<IngestionLog & { id: string }>(
    `SELECT l.id::int AS id, l.source, ${isoUtc('l.started_at')} AS started_at,
            ${isoUtc('l.finished_at')} AS finished_at, l.status, l.rows, l.message,
            l.member_id, m.name AS member_name
       FROM ingestion_log l LEFT JOIN members m ON m.id = l.member_id
       ${where.sql}
      ORDER BY l.started_at ${direction}, l.id ${direction}
      ${page}`,
    where.params,
  );
  return { lines: rows, total: count?.total ?? 0 };
}
