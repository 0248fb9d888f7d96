import * as v from 'valibot';
import { named, type Endpoint } from './endpoint';
import {
  pageQuery,
  PROGRAM_REGIONS,
  scopedPageSchema,
  scopedQuery,
} from './data-schemas';
import {
  CountSchema,
  IdSchema,
  KgSchema,
  oneOf,
  sortOrders,
} from './common-schemas';
import { ShareSchema } from './figure-schemas';

/*
 * Store Performance Rankings (decisions D14, D20): the stores in scope
 * ranked by one of D14's figures over a period, with the collective's
 * median of each figure beside them — computed over every store of the
 * collective and sent without a name, so a brand user compares their own
 * stores with the collective and never sees another member's.
 */

/** The figures a store can be ranked by. */
export const STORE_RANKING_METRICS = [
  'collected_kg',
  'kg_per_active_month',
  'growth',
  'contamination_rate',
] as const;
/** A figure a store can be ranked by. */
export type StoreRankingMetric = (typeof STORE_RANKING_METRICS)[number];

/** Sort orders of GET /api/store-rankings; a leading `-` is descending. */
export const STORE_RANKING_SORTS = sortOrders([
  'rank',
  'name',
  ...STORE_RANKING_METRICS,
]);
/** A sort order of GET /api/store-rankings. */
export type StoreRankingSort = (typeof STORE_RANKING_SORTS)[number];

/** The regions a ranking can be limited to (the stores' regions, D14). */
export const STORE_RANKING_REGIONS = PROGRAM_REGIONS;
/** The store channels a ranking can be limited to. */
export const STORE_RANKING_CHANNELS = ['in-store', 'kiosk'] as const;

/** Largest page of GET /api/store-rankings. */
export const MAX_STORE_RANKINGS_PAGE_SIZE = 100;
/** Most active days a period can ask for (a leap year). */
export const MAX_STORE_RANKING_ACTIVE_DAYS = 366;

/**
 * The `period` query of the figures read over a period (store rankings,
 * member comparisons, average metrics): a year `2026` or a month
 * `2026-03`; the last 12 months, this one included, when absent.
 */
export const PeriodQuery = v.optional(
  v.pipe(
    v.string(),
    v.regex(
      /^(19|20)\d\d(-(0[1-9]|1[0-2]))?$/,
      'period must be a year like 2026 or a month like 2026-03',
    ),
  ),
);

/**
 * A period as an answer states it: its first and last day (UTC,
 * `YYYY-MM-DD`), as {@link PeriodQuery} resolved it.
 */
export const DayPeriodSchema = v.object({
  from: v.pipe(v.string(), v.isoDate()),
  to: v.pipe(v.string(), v.isoDate()),
});

/**
 * The periods a screen offers for {@link PeriodQuery} at `now`: this year
 * and the two before, then each of the last 12 months, newest first (the
 * last 12 months is the absent value).
 */
export function periodChoices(now: Date): string[] {
  const year = now.getUTCFullYear();
  const months = Array.from({ length: 12 }, (_, back) =>
    new Date(Date.UTC(year, now.getUTCMonth() - back, 1))
      .toISOString()
      .slice(0, 7),
  );
  return [String(year), String(year - 1), String(year - 2), ...months];
}

/** A period as a reader names it: "2026", "Mar 2026". */
export function periodLabel(period: string): string {
  if (period.length === 4) return period;
  return new Intl.DateTimeFormat(undefined, {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${period}-01T00:00:00Z`));
}

/**
 * Query of GET /api/store-rankings: the member; the period (a year `2026`
 * or a month `2026-03`; the last 12 months, this one included, when
 * absent); region, channel and the fewest days a store must have been open
 * in the period; the figure that ranks; sort and pages.
 */
export const StoreRankingsQuerySchema = scopedQuery({
  period: PeriodQuery,
  region: v.optional(oneOf(STORE_RANKING_REGIONS, 'region')),
  channel: v.optional(oneOf(STORE_RANKING_CHANNELS, 'channel')),
  min_active_days: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,3}$/, 'min_active_days must be a whole number from 0'),
      v.transform(Number),
      v.maxValue(
        MAX_STORE_RANKING_ACTIVE_DAYS,
        `min_active_days must be at most ${MAX_STORE_RANKING_ACTIVE_DAYS}`,
      ),
    ),
  ),
  metric: v.optional(oneOf(STORE_RANKING_METRICS, 'metric')),
  sort: v.optional(oneOf(STORE_RANKING_SORTS, 'sort')),
  ...pageQuery(MAX_STORE_RANKINGS_PAGE_SIZE),
});

/**
 * A store's figures over the period, in D14's words: collected weight (net
 * received), that weight per active month (30.44 open days), growth against
 * the previous period of the same length (a share; `null` when it collected
 * nothing then) and contamination rate (contamination ÷ gross − tare of its
 * receipts; `null` without a receipt).
 */
const storeFigures = {
  collected_kg: KgSchema,
  kg_per_active_month: KgSchema,
  growth: v.nullable(v.number()),
  contamination_rate: v.nullable(ShareSchema),
};

/** One store of the ranking with its place by the ranking's figure. */
export const StoreRankingSchema = v.object({
  id: IdSchema,
  name: v.string(),
  city: v.string(),
  region: v.string(),
  channel: v.picklist(STORE_RANKING_CHANNELS),
  member_name: v.string(),
  /** Place by the ranking's figure among the stores listed (1 is the best). */
  rank: v.pipe(v.number(), v.integer(), v.minValue(1)),
  /** Days of the period the store was open (opened, up to today). */
  active_days: CountSchema,
  ...storeFigures,
});
/** One store of the ranking. */
export type StoreRanking = v.InferOutput<typeof StoreRankingSchema>;

/**
 * The collective's median of each figure over every store that meets the
 * period, region, channel and active-days filters, whatever the scope: no
 * store or member is named. `stores` counts them.
 */
export const CollectiveMedianSchema = v.object({
  stores: CountSchema,
  ...storeFigures,
});
/** The collective's median figures. */
export type CollectiveMedian = v.InferOutput<typeof CollectiveMedianSchema>;

/**
 * Response of GET /api/store-rankings: one page of the ranked stores in
 * scope, the period read (first and last day, UTC) and the collective
 * median.
 */
export const StoreRankingsPageSchema = scopedPageSchema(
  'store_rankings',
  StoreRankingSchema,
  {
    metric: v.picklist(STORE_RANKING_METRICS),
    period: DayPeriodSchema,
    median: CollectiveMedianSchema,
  },
);
/** One page of store rankings. */
export type StoreRankingsPage = v.InferOutput<typeof StoreRankingsPageSchema>;

/**
 * The calls of the store-rankings resource (its screens import this table, not
 * the `endpoints` aggregate, so their chunks carry these schemas only).
 */
export const storeRankingsEndpoints = /* @__PURE__ */ named({
  storeRankings: {
    method: 'GET',
    path: '/api/store-rankings',
    summary:
      'Stores in scope ranked by collected weight, weight per active month, growth or contamination rate, with the collective median',
    resource: 'store-rankings',
    query: StoreRankingsQuerySchema,
    response: StoreRankingsPageSchema,
    auth: 'session-or-key',
    audience: 'admins',
    scoped: true,
    cache: true,
  },
} as const satisfies Record<string, Endpoint>);
