import * as v from 'valibot';
import { named, type Endpoint } from './endpoint';
import {
  DownloadTicketQuery,
  MaterialWeightSchema,
  PROGRAM_REGIONS,
  scopedAnswer,
  scopedQuery,
} from './data-schemas';
import { CountSchema, KgSchema, monthText, oneOf } from './common-schemas';
import { ShareSchema } from './figure-schemas';
import { MEMBER_TIERS } from './members-endpoints';
import { OutcomeWeightsSchema, SHIPMENT_CHANNELS } from './operations-schemas';

/*
 * Analytics (issue 22; decisions D12, D14; docs/decisions/0102): the
 * program's figures over time (/analytics), the collective's impact
 * (/pact-analytics) and the figures per region and state
 * (/regional-summary). Every figure is D14's, computed by the server from
 * the tables and rollups the dashboard reads, so the same period and scope
 * give the dashboard's numbers.
 */

/** How the months of a period are grouped: calendar months, quarters or years (UTC). */
export const ANALYTICS_INTERVALS = ['month', 'quarter', 'year'] as const;
/** How the months of a period are grouped. */
export type AnalyticsInterval = (typeof ANALYTICS_INTERVALS)[number];

/** The longest period an analytics answer covers, in months (five years). */
export const MAX_ANALYTICS_MONTHS = 60;

/** The earliest month a period may start in. */
export const FIRST_ANALYTICS_MONTH = '2000-01';

/** A month of a period as the query sends it. */
const MonthQuery = v.optional(
  v.pipe(
    monthText('from and to must be months to 2099 as YYYY-MM, like 2026-01'),
    v.minValue(
      FIRST_ANALYTICS_MONTH,
      `from and to must be ${FIRST_ANALYTICS_MONTH} or later`,
    ),
  ),
);

/** Months from `from` to `to`, both counted (0 or less when `to` is before `from`). */
export function monthsBetween(from: string, to: string): number {
  const index = (month: string) =>
    Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;
  return index(to) - index(from) + 1;
}

/** The period entries of an analytics query: its first and last month (both counted). */
const periodEntries = {
  /** First month (`YYYY-MM`, UTC); with `to`, or the 12 months ending with `to` (this month unless given). */
  from: MonthQuery,
  /** Last month (`YYYY-MM`, UTC), counted; this month unless given. */
  to: MonthQuery,
};

/** Refuses a period that ends before it starts or is longer than {@link MAX_ANALYTICS_MONTHS}. */
function checkedPeriod<T extends { from?: string; to?: string }>(
  query: v.GenericSchema<Record<string, string | undefined>, T>,
) {
  return v.pipe(
    query,
    v.check(
      ({ from, to }) =>
        from === undefined || to === undefined || monthsBetween(from, to) >= 1,
      'to must be the same month as from or later',
    ),
    v.check(
      ({ from, to }) =>
        from === undefined ||
        to === undefined ||
        monthsBetween(from, to) <= MAX_ANALYTICS_MONTHS,
      `a period is at most ${MAX_ANALYTICS_MONTHS} months long`,
    ),
  );
}

/** Query of GET /api/analytics/series: the scope, the period and the interval. */
export const AnalyticsSeriesQuerySchema = checkedPeriod(
  scopedQuery({
    ...periodEntries,
    /** How the months are grouped; `month` unless given. */
    interval: v.optional(oneOf(ANALYTICS_INTERVALS, 'interval')),
  }),
);

/** Query of GET /api/analytics/pact and GET /api/analytics/regions: the scope and the period. */
export const AnalyticsPeriodQuerySchema = checkedPeriod(
  scopedQuery(periodEntries),
);

/** Query of GET /api/analytics/series/export: the series' query and the download ticket. */
export const AnalyticsSeriesExportQuerySchema = checkedPeriod(
  scopedQuery({
    ...periodEntries,
    interval: v.optional(oneOf(ANALYTICS_INTERVALS, 'interval')),
    download: DownloadTicketQuery,
  }),
);

/** Query of GET /api/analytics/regions/export: the period, the scope and the download ticket. */
export const AnalyticsPeriodExportQuerySchema = checkedPeriod(
  scopedQuery({ ...periodEntries, download: DownloadTicketQuery }),
);

/** The period an answer covers, as the server resolved it. */
const PeriodEntries = {
  /** First month, `YYYY-MM`. */
  from: v.string(),
  /** Last month, `YYYY-MM`, counted. */
  to: v.string(),
};

/**
 * An analytics answer: the scope and the period it covers, as the server
 * resolved them, then the answer's own `entries`.
 */
function periodAnswer<const TEntries extends v.ObjectEntries>(
  entries: TEntries,
) {
  return scopedAnswer({ ...PeriodEntries, ...entries });
}

/**
 * Collected weight (net received, by month of receipt), units and
 * shipments (by month shipped): D14's figures as the dashboard counts them.
 */
export const CollectionFiguresSchema = v.object({
  shipments: CountSchema,
  units: CountSchema,
  weight_kg: KgSchema,
});
/** Collected weight, units and shipments of a period. */
export type CollectionFigures = v.InferOutput<typeof CollectionFiguresSchema>;

/** The figures of one collection channel (in-store bin, kiosk, mail-back). */
export const ChannelFiguresSchema = v.object({
  channel: v.picklist(SHIPMENT_CHANNELS),
  ...CollectionFiguresSchema.entries,
});

/** What one bucket (or the whole period) holds. */
const SeriesFiguresEntries = {
  /** This period's figures. */
  current: CollectionFiguresSchema,
  /** The same months a year earlier. */
  year_ago: CollectionFiguresSchema,
  /** This period's figures per channel, every channel in the order of `SHIPMENT_CHANNELS`. */
  channels: v.array(ChannelFiguresSchema),
  /** Sorted weight per material (by month of receipt), every material in the contract's order. */
  materials: v.array(MaterialWeightSchema),
  /** Collected weight not (yet) sorted into a material: residue and the unsorted. */
  unsorted_kg: KgSchema,
};

/** One bucket of a series: its months and its figures. */
export const SeriesBucketSchema = v.object({
  /** First month of the bucket, `YYYY-MM` (a quarter or year may be cut by the period). */
  first: v.string(),
  /** Last month of the bucket, `YYYY-MM`. */
  last: v.string(),
  ...SeriesFiguresEntries,
});
/** One bucket of a series. */
export type SeriesBucket = v.InferOutput<typeof SeriesBucketSchema>;

/**
 * Response of GET /api/analytics/series: the period's buckets, oldest
 * first, and its totals, each beside the same months a year earlier.
 */
export const AnalyticsSeriesSchema = periodAnswer({
  interval: v.picklist(ANALYTICS_INTERVALS),
  buckets: v.array(SeriesBucketSchema),
  totals: v.object(SeriesFiguresEntries),
});
/** The program's figures over time. */
export type AnalyticsSeries = v.InferOutput<typeof AnalyticsSeriesSchema>;

/**
 * What became of collected material: weight per confirmed outcome (of the
 * material received in the months counted), and D14's rates of it
 * (shares from 0 to 1, to 4 places).
 */
const ImpactEntries = {
  /** Net received weight (by month of receipt). */
  collected_kg: KgSchema,
  /** Weight with a confirmed outcome, per outcome. */
  outcomes: OutcomeWeightsSchema,
  /** Weight with a confirmed outcome. */
  confirmed_kg: KgSchema,
  /** Recycled + downcycled ÷ confirmed (0 while nothing is confirmed). */
  recycling_rate: ShareSchema,
  /** All but landfill ÷ confirmed (0 while nothing is confirmed). */
  diversion_rate: ShareSchema,
};

/** The impact of one month, one program or one tier. */
export const ImpactFiguresSchema = v.object(ImpactEntries);
/** The impact of one month, one program or one tier. */
export type ImpactFigures = v.InferOutput<typeof ImpactFiguresSchema>;

/**
 * Response of GET /api/analytics/pact: the impact of the scope month by
 * month, per program (collection channel) and per member tier (only the
 * member's own tier for a member scope), its totals, and for a member
 * scope its share of the collective's weight (never another member's).
 */
export const PactAnalyticsSchema = periodAnswer({
  months: v.array(v.object({ month: v.string(), ...ImpactEntries })),
  programs: v.array(
    v.object({ channel: v.picklist(SHIPMENT_CHANNELS), ...ImpactEntries }),
  ),
  tiers: v.array(
    v.object({
      tier: v.picklist(MEMBER_TIERS),
      /** Members of the tier with collected or confirmed weight in the period. */
      members: CountSchema,
      ...ImpactEntries,
    }),
  ),
  totals: ImpactFiguresSchema,
  /** A member scope's share of the whole collective's weights (0 to 1); `null` for the collective. */
  share: v.nullable(
    v.object({ collected: ShareSchema, confirmed: ShareSchema }),
  ),
});
/** The collective's impact, or a member's share of it. */
export type PactAnalytics = v.InferOutput<typeof PactAnalyticsSchema>;

/** Collected weight per channel. */
const ChannelKgSchema = v.object({
  channel: v.picklist(SHIPMENT_CHANNELS),
  weight_kg: KgSchema,
});

/** The figures of a region, a state or all of them. */
const PlaceEntries = {
  /** Stores of the scope there, deactivated ones included. */
  stores: CountSchema,
  /** Of them, stores not deactivated (the dashboard's active stores). */
  active_stores: CountSchema,
  /** Net received weight of the period from stores there. */
  weight_kg: KgSchema,
  /** Collected weight ÷ active stores; `null` without an active store. */
  weight_per_store_kg: v.nullable(KgSchema),
  /** Collected weight per channel, every channel in order. */
  channels: v.array(ChannelKgSchema),
};

/** The figures of one state of a region. */
export const StateFiguresSchema = v.object({
  /** Two-letter code; `null` for stores whose state is not known from their city. */
  state: v.nullable(v.string()),
  ...PlaceEntries,
});
/** The figures of one state. */
export type StateFigures = v.InferOutput<typeof StateFiguresSchema>;

/** The figures of one region and its states. */
export const RegionFiguresSchema = v.object({
  region: v.picklist(PROGRAM_REGIONS),
  ...PlaceEntries,
  states: v.array(StateFiguresSchema),
});
/** The figures of one region and its states. */
export type RegionFigures = v.InferOutput<typeof RegionFiguresSchema>;

/** Response of GET /api/analytics/regions: every region (in display order) with its states, and the totals. */
export const RegionalSummarySchema = periodAnswer({
  regions: v.array(RegionFiguresSchema),
  totals: v.object(PlaceEntries),
});
/** The figures per region and state. */
export type RegionalSummary = v.InferOutput<typeof RegionalSummarySchema>;

/** One row of the series CSV: a bucket's figures beside a year earlier, and per channel. */
export const SeriesCsvRowSchema = v.object({
  first_month: v.string(),
  last_month: v.string(),
  weight_kg: KgSchema,
  weight_kg_year_ago: KgSchema,
  units: CountSchema,
  units_year_ago: CountSchema,
  shipments: CountSchema,
  shipments_year_ago: CountSchema,
  in_store_kg: KgSchema,
  kiosk_kg: KgSchema,
  mail_back_kg: KgSchema,
  unsorted_kg: KgSchema,
});
/** One row of the series CSV. */
export type SeriesCsvRow = v.InferOutput<typeof SeriesCsvRowSchema>;

/** One row of the regions CSV: a region (state empty), or a state of it. */
export const RegionCsvRowSchema = v.object({
  region: v.string(),
  /** Two-letter code; empty on a region's own row; `unknown` where stores' state is not known. */
  state: v.string(),
  stores: CountSchema,
  active_stores: CountSchema,
  weight_kg: KgSchema,
  weight_per_store_kg: v.nullable(KgSchema),
  in_store_kg: KgSchema,
  kiosk_kg: KgSchema,
  mail_back_kg: KgSchema,
});
/** One row of the regions CSV. */
export type RegionCsvRow = v.InferOutput<typeof RegionCsvRowSchema>;

/**
 * One row of the Pact Analytics CSV: a month, a program (collection
 * channel), a member tier or the totals (`section`), with its impact.
 */
export const PactCsvRowSchema = v.object({
  section: v.picklist(['month', 'program', 'tier', 'total']),
  /** The month (`YYYY-MM`), the channel, the tier; empty on the totals. */
  name: v.string(),
  collected_kg: KgSchema,
  confirmed_kg: KgSchema,
  recycled_kg: KgSchema,
  downcycled_kg: KgSchema,
  energy_recovery_kg: KgSchema,
  landfill_kg: KgSchema,
  recycling_rate: ShareSchema,
  diversion_rate: ShareSchema,
  /** A tier's members with weight in the period; empty on other rows. */
  members: v.nullable(CountSchema),
});
/** One row of the Pact Analytics CSV. */
export type PactCsvRow = v.InferOutput<typeof PactCsvRowSchema>;

/**
 * The calls of the analytics screens (their chunks import this table, not
 * the `endpoints` aggregate, so they carry these schemas only).
 */
export const analyticsEndpoints = /* @__PURE__ */ named({
  analyticsSeries: {
    method: 'GET',
    path: '/api/analytics/series',
    summary:
      'Collected weight, units and shipments by channel and material per month, quarter or year, beside the same months a year earlier',
    resource: 'analytics',
    query: AnalyticsSeriesQuerySchema,
    response: AnalyticsSeriesSchema,
    auth: 'session-or-key',
    audience: 'admins',
    scoped: true,
    cache: true,
    feature: 'analytics',
  },
  pactAnalytics: {
    method: 'GET',
    path: '/api/analytics/pact',
    summary:
      "The collective's impact month by month, per program and member tier, with recycling and diversion rates; a member's own share",
    resource: 'analytics',
    query: AnalyticsPeriodQuerySchema,
    response: PactAnalyticsSchema,
    auth: 'session-or-key',
    audience: 'admins',
    scoped: true,
    cache: true,
    feature: 'pactAnalytics',
  },
  regionalSummary: {
    method: 'GET',
    path: '/api/analytics/regions',
    summary:
      'Stores, collected weight, weight per store and channel mix per region and state',
    resource: 'analytics',
    query: AnalyticsPeriodQuerySchema,
    response: RegionalSummarySchema,
    auth: 'session-or-key',
    audience: 'admins',
    scoped: true,
    cache: true,
  },
  analyticsSeriesExport: {
    method: 'GET',
    path: '/api/analytics/series/export',
    summary:
      'The series of GET /api/analytics/series as a CSV file: a row per bucket',
    resource: 'analytics',
    query: AnalyticsSeriesExportQuerySchema,
    response: SeriesCsvRowSchema,
    format: 'csv',
    auth: 'session-or-key',
    audience: 'admins',
    scoped: true,
    feature: 'analytics',
  },
  pactAnalyticsExport: {
    method: 'GET',
    path: '/api/analytics/pact/export',
    summary:
      'The figures of GET /api/analytics/pact as a CSV file: a row per month, program and tier, and the totals',
    resource: 'analytics',
    query: AnalyticsPeriodExportQuerySchema,
    response: PactCsvRowSchema,
    format: 'csv',
    auth: 'session-or-key',
    audience: 'admins',
    scoped: true,
    feature: 'pactAnalytics',
  },
  regionalSummaryExport: {
    method: 'GET',
    path: '/api/analytics/regions/export',
    summary:
      'The figures of GET /api/analytics/regions as a CSV file: a row per region and per state',
    resource: 'analytics',
    query: AnalyticsPeriodExportQuerySchema,
    response: RegionCsvRowSchema,
    format: 'csv',
    auth: 'session-or-key',
    audience: 'admins',
    scoped: true,
  },
} as const satisfies Record<string, Endpoint>);
