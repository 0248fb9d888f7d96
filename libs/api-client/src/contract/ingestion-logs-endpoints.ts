import * as v from 'valibot';
import { named, type Endpoint } from './endpoint';
import {
  pageQuery,
  scopedAnswer,
  scopedPageSchema,
  scopedQuery,
} from './data-schemas';
import {
  CountSchema,
  dayText,
  IdSchema,
  IsoTimestampSchema,
  oneOf,
} from './common-schemas';

/*
 * Data Sources (decisions D17; docs/decisions/0100): the feeds that bring
 * data into the program, how often each is expected, when each last
 * succeeded and whether it is late, and the ingestion log of their runs.
 */

/** The feeds of the program (D17): the G2 partner file, kiosks, mail-back forms, warehouse entry. */
export const FEED_SOURCES = ['g2', 'kiosks', 'mailback', 'warehouse'] as const;
/** One feed of the program. */
export type FeedSource = (typeof FEED_SOURCES)[number];

/** The feeds' names for people. */
export const FEED_LABELS: Readonly<Record<FeedSource, string>> = {
  g2: 'G2 partner file',
  kiosks: 'Kiosks',
  mailback: 'Mail-back forms',
  warehouse: 'Warehouse entry',
};

/** How a run of a feed ended: ok, ok with warnings, or failed (nothing taken in). */
export const INGESTION_STATUSES = ['ok', 'warning', 'failed'] as const;
/** How a run of a feed ended. */
export type IngestionStatus = (typeof INGESTION_STATUSES)[number];

/**
 * A feed's freshness: `fresh` (last success within its cadence and grace),
 * `late` (older), `never` (no success at all).
 */
export const FEED_FRESHNESS = ['fresh', 'late', 'never'] as const;
/** A feed's freshness. */
export type FeedFreshness = (typeof FEED_FRESHNESS)[number];

/**
 * How much longer than its cadence a feed may stay silent before it is
 * flagged late: one and a half intervals (a daily feed is late after 36 h).
 */
export const FEED_GRACE_FACTOR = 1.5;

/**
 * Freshness of a feed at `now` (decisions D17): `never` without a last
 * success, `late` when the last success is older than the cadence times
 * the grace factor, `fresh` otherwise. Pure: the server computes it for
 * the answer, the tests compare it with the rule.
 */
export function feedFreshness(
  lastSuccessAt: Date | null,
  cadenceHours: number,
  now: Date,
  grace: number = FEED_GRACE_FACTOR,
): FeedFreshness {
  if (lastSuccessAt === null) return 'never';
  const allowedMs = cadenceHours * grace * 3_600_000;
  return now.getTime() - lastSuccessAt.getTime() > allowedMs ? 'late' : 'fresh';
}

/* ------------------------------------------------------------------ */
/* GET /api/ingestion-logs/feeds                                      */
/* ------------------------------------------------------------------ */

/** Query of GET /api/ingestion-logs/feeds: the member (collective admins only). */
export const DataSourcesQuerySchema = scopedQuery();

/** One feed with its health in the answered scope. */
export const DataSourceSchema = v.object({
  source: v.picklist(FEED_SOURCES),
  name: v.string(),
  description: v.string(),
  /** The expected interval between two successful runs, in hours. */
  cadence_hours: v.pipe(v.number(), v.integer(), v.minValue(1)),
  /** The latest successful run (ok or warning) or record in scope; null: never. */
  last_success_at: v.nullable(IsoTimestampSchema),
  /** The latest run logged in scope, whatever its status. */
  last_run_at: v.nullable(IsoTimestampSchema),
  last_status: v.nullable(v.picklist(INGESTION_STATUSES)),
  freshness: v.picklist(FEED_FRESHNESS),
  /** Failed runs in scope over the last 30 days. */
  failures_30d: CountSchema,
});
/** One feed with its health. */
export type DataSource = v.InferOutput<typeof DataSourceSchema>;

/** Response of GET /api/ingestion-logs/feeds: every feed visible in the scope. */
export const DataSourcesSchema = scopedAnswer({
  /** The moment freshness was judged at. */
  as_of: IsoTimestampSchema,
  grace_factor: v.number(),
  feeds: v.array(DataSourceSchema),
});
/** Response of GET /api/ingestion-logs/feeds. */
export type DataSources = v.InferOutput<typeof DataSourcesSchema>;

/* ------------------------------------------------------------------ */
/* GET /api/ingestion-logs                                            */
/* ------------------------------------------------------------------ */

/** Orders of the ingestion log: newest first (default) or oldest first. */
export const INGESTION_LOG_SORTS = ['-started_at', 'started_at'] as const;
/** An order of the ingestion log. */
export type IngestionLogSort = (typeof INGESTION_LOG_SORTS)[number];

/** Largest page of GET /api/ingestion-logs. */
export const MAX_INGESTION_LOGS_PAGE_SIZE = 100;

/** Query of GET /api/ingestion-logs: member, source, status, period, order, page. */
export const IngestionLogsQuerySchema = scopedQuery({
  source: v.optional(oneOf(FEED_SOURCES, 'source')),
  status: v.optional(oneOf(INGESTION_STATUSES, 'status')),
  /** Runs started on or after this day (UTC). */
  from: v.optional(dayText('from')),
  /** Runs started on or before this day (UTC). */
  to: v.optional(dayText('to')),
  sort: v.optional(oneOf(INGESTION_LOG_SORTS, 'sort')),
  ...pageQuery(MAX_INGESTION_LOGS_PAGE_SIZE),
});

/** One run of a feed in the ingestion log. */
export const IngestionLogSchema = v.object({
  id: IdSchema,
  source: v.picklist(FEED_SOURCES),
  started_at: IsoTimestampSchema,
  finished_at: IsoTimestampSchema,
  status: v.picklist(INGESTION_STATUSES),
  rows: CountSchema,
  message: v.string(),
  /** The member the run's rows belong to; null for a collective-level run. */
  member_id: v.nullable(IdSchema),
  member_name: v.nullable(v.string()),
});
/** One run of a feed. */
export type IngestionLog = v.InferOutput<typeof IngestionLogSchema>;

/** Response of GET /api/ingestion-logs: one page of the log in scope. */
export const IngestionLogsPageSchema = scopedPageSchema(
  'ingestion_logs',
  IngestionLogSchema,
);
/** One page of the ingestion log. */
export type IngestionLogsPage = v.InferOutput<typeof IngestionLogsPageSchema>;

/**
 * The calls of Data Sources (its screen imports this table, not the
 * `endpoints` aggregate, so its chunk carries these schemas only).
 */
export const ingestionLogsEndpoints = /* @__PURE__ */ named({
  dataSources: {
    method: 'GET',
    path: '/api/ingestion-logs/feeds',
    summary:
      'Every feed in scope with its cadence, last success, last run and freshness (late feeds flagged)',
    resource: 'ingestion-logs',
    query: DataSourcesQuerySchema,
    response: DataSourcesSchema,
    auth: 'session',
    audience: 'admins',
    scoped: true,
  },
  ingestionLogs: {
    method: 'GET',
    path: '/api/ingestion-logs',
    summary:
      'The ingestion log in scope: one line per run, filtered by feed, status and period, one page',
    resource: 'ingestion-logs',
    query: IngestionLogsQuerySchema,
    response: IngestionLogsPageSchema,
    auth: 'session',
    audience: 'admins',
    scoped: true,
  },
} as const satisfies Record<string, Endpoint>);
