import * as v from 'valibot';
import { named, type Endpoint } from './endpoint';
import { scopedAnswer, scopedQuery } from './data-schemas';
import {
  CountSchema,
  IdSchema,
  KgSchema,
  oneOf,
  sortOrders,
  type SortOrder,
} from './common-schemas';
import { ShareSchema } from './figure-schemas';
import { EOL_OUTCOMES } from './mass-balance';
import {
  byOutcome,
  OutcomeWeightsSchema,
  SHIPMENT_CHANNELS,
} from './operations-schemas';
import {
  DayPeriodSchema,
  PeriodQuery,
  STORE_RANKING_CHANNELS,
} from './store-rankings-endpoints';

/*
 * Member Comparisons and Average Metrics (issue 22; decisions D12, D14;
 * docs/decisions/0103): members side by side, and averages and medians
 * per store-month, shipment and mail-back package, over a period. A
 * member's scope (a brand user's always, whatever they send) gets its own
 * member's figures beside the collective's anonymous percentiles or
 * medians: never another member's id, name or figure. Both screens and
 * both calls are closed to the special brand user (specification §2, §6).
 */

/**
 * Fewest members an anonymous collective figure (a percentile, a median,
 * an average) is given over to a member's scope: below it the figure is
 * withheld, since with the member's own figure known the others' could
 * be worked out (docs/decisions/0103).
 */
export const MIN_ANONYMOUS_MEMBERS = 5;

/** The columns a member comparison can be sorted by. */
export const COMPARISON_COLUMNS = [
  'name',
  'collected_kg',
  'active_stores',
  'growth',
  ...EOL_OUTCOMES,
] as const;
/** A column a member comparison can be sorted by. */
export type ComparisonColumn = (typeof COMPARISON_COLUMNS)[number];

/** Sort orders of GET /api/member-comparisons; a leading `-` is descending. */
export const COMPARISON_SORTS = sortOrders(COMPARISON_COLUMNS);
/** A sort order of GET /api/member-comparisons. */
export type ComparisonSort = SortOrder<ComparisonColumn>;

/* ------------------------------------------------------------------ */
/* GET /api/member-comparisons                                         */
/* ------------------------------------------------------------------ */

/** Query of GET /api/member-comparisons: the member (collective admins), the period, the order. */
export const MemberComparisonsQuerySchema = scopedQuery({
  period: PeriodQuery,
  sort: v.optional(oneOf(COMPARISON_SORTS, 'sort')),
});

/** The share of each outcome in the weight with a confirmed outcome (0 each without any). */
export const OutcomeMixSchema = byOutcome(ShareSchema);
/** The share of each outcome. */
export type OutcomeMix = v.InferOutput<typeof OutcomeMixSchema>;

/**
 * One member's figures over the period, in D14's words, as the dashboard
 * and /performance count them: collected weight (net received, by month of
 * receipt), the same months a year earlier and the growth between them
 * (`null` when nothing was collected then), stores active and open by the
 * period's end (or today), the weight received in the period that has a
 * confirmed outcome, each outcome's weight and share of it, and the
 * recycling rate (recycled + downcycled ÷ that weight).
 */
export const MemberComparisonSchema = v.object({
  member_id: IdSchema,
  member_name: v.string(),
  /** Deactivated members keep their figures; the percentiles leave them out. */
  deactivated: v.boolean(),
  collected_kg: KgSchema,
  previous_collected_kg: KgSchema,
  growth: v.nullable(v.number()),
  active_stores: CountSchema,
  processed_kg: KgSchema,
  outcome_kg: OutcomeWeightsSchema,
  outcome_mix: OutcomeMixSchema,
  recycling_rate: ShareSchema,
});
/** One member's figures over a period. */
export type MemberComparison = v.InferOutput<typeof MemberComparisonSchema>;

/** The 25th, 50th and 75th percentile of one figure over the members (linear interpolation). */
export const SpreadSchema = v.object({
  p25: v.number(),
  median: v.number(),
  p75: v.number(),
});
/** The quartiles of one figure. */
export type Spread = v.InferOutput<typeof SpreadSchema>;

/**
 * The collective's quartiles of each figure over its members not
 * deactivated: numbers only, never a member's name or id. `growth` is over
 * the members that collected something a year earlier, and `null` when
 * fewer than {@link MIN_ANONYMOUS_MEMBERS} did.
 */
export const ComparisonPercentilesSchema = v.object({
  /** Members the percentiles are over. */
  members: CountSchema,
  collected_kg: SpreadSchema,
  active_stores: SpreadSchema,
  growth: v.nullable(SpreadSchema),
  recycled: SpreadSchema,
  downcycled: SpreadSchema,
  energy_recovery: SpreadSchema,
  landfill: SpreadSchema,
  recycling_rate: SpreadSchema,
});
/** The collective's quartiles of each figure. */
export type ComparisonPercentiles = v.InferOutput<
  typeof ComparisonPercentilesSchema
>;

/**
 * Response of GET /api/member-comparisons: every member for the whole
 * collective, or the one member of the scope, in the order asked; the
 * period and the same months a year earlier; the collective percentiles
 * (`null` when fewer than {@link MIN_ANONYMOUS_MEMBERS} members count).
 */
export const MemberComparisonsSchema = scopedAnswer({
  period: DayPeriodSchema,
  previous_period: DayPeriodSchema,
  members: v.array(MemberComparisonSchema),
  percentiles: v.nullable(ComparisonPercentilesSchema),
});
/** Members side by side over a period. */
export type MemberComparisons = v.InferOutput<typeof MemberComparisonsSchema>;

/* ------------------------------------------------------------------ */
/* GET /api/average-metrics                                            */
/* ------------------------------------------------------------------ */

/** Query of GET /api/average-metrics: the member (collective admins) and the period. */
export const AverageMetricsQuerySchema = scopedQuery({
  period: PeriodQuery,
});

/** The mean and the median of one figure, `null` without any value. */
export const AverageSchema = v.object({
  mean: v.nullable(v.number()),
  median: v.nullable(v.number()),
});
/** The mean and the median of one figure. */
export type Average = v.InferOutput<typeof AverageSchema>;

/** What every group of values states: how many there are, and over how many members. */
const groupEntries = {
  /** Store-months, shipments or packages counted. */
  count: CountSchema,
  /** Members they belong to. */
  members: CountSchema,
};

/**
 * Collected weight per active store per month: each month of the period
 * (up to this one) of each store flagged active and open by that month's
 * end, with what it collected then (0 when nothing).
 */
export const StoreMonthGroupSchema = v.object({
  channel: v.picklist(['all', ...STORE_RANKING_CHANNELS]),
  ...groupEntries,
  total_kg: KgSchema,
  weight_kg: AverageSchema,
});
/** Store-month figures of one channel, or of all. */
export type StoreMonthGroup = v.InferOutput<typeof StoreMonthGroupSchema>;

/**
 * Per shipment received in the period: its net weight and its
 * contamination rate (contamination ÷ gross − tare), and the rate of
 * them all together (the sums' ratio, as /store-rankings computes a
 * store's).
 */
export const ShipmentGroupSchema = v.object({
  channel: v.picklist(['all', ...SHIPMENT_CHANNELS]),
  ...groupEntries,
  total_kg: KgSchema,
  net_kg: AverageSchema,
  contamination_rate: AverageSchema,
  pooled_contamination_rate: v.nullable(ShareSchema),
});
/** Shipment figures of one channel, or of all. */
export type ShipmentGroup = v.InferOutput<typeof ShipmentGroupSchema>;

/**
 * Per consumer mail-back package received in the period: its weight and
 * its items. A package belongs to the member with the most items declared
 * in it (ties: the lowest id).
 */
export const PackageGroupSchema = v.object({
  channel: v.picklist(['mail-back']),
  ...groupEntries,
  total_kg: KgSchema,
  weight_kg: AverageSchema,
  items: AverageSchema,
});
/** Mail-back package figures. */
export type PackageGroup = v.InferOutput<typeof PackageGroupSchema>;

/** The averages of one scope: each list has the `all` group first, then each channel. */
export const AverageFiguresSchema = v.object({
  store_months: v.array(StoreMonthGroupSchema),
  shipments: v.array(ShipmentGroupSchema),
  packages: v.array(PackageGroupSchema),
});
/** The averages of one scope. */
export type AverageFigures = v.InferOutput<typeof AverageFiguresSchema>;

/**
 * Response of GET /api/average-metrics: the scope's averages over the
 * period and, for a member's scope, the collective's beside them — each
 * group only where at least {@link MIN_ANONYMOUS_MEMBERS} members make it
 * up (`null` for the collective's own scope).
 */
export const AverageMetricsSchema = scopedAnswer({
  period: DayPeriodSchema,
  figures: AverageFiguresSchema,
  collective: v.nullable(AverageFiguresSchema),
});
/** Averages and medians over a period. */
export type AverageMetrics = v.InferOutput<typeof AverageMetricsSchema>;

/**
 * The calls of the comparison resource (its screens import this table, not
 * the `endpoints` aggregate, so their chunks carry these schemas only).
 */
export const comparisonEndpoints = /* @__PURE__ */ named({
  memberComparisons: {
    method: 'GET',
    path: '/api/member-comparisons',
    summary:
      "Members side by side over a period; a brand user's own beside the collective's anonymous percentiles",
    resource: 'comparisons',
    query: MemberComparisonsQuerySchema,
    response: MemberComparisonsSchema,
    auth: 'session-or-key',
    audience: 'admins',
    deniedToSpecialBrand: true,
    scoped: true,
    cache: true,
  },
  averageMetrics: {
    method: 'GET',
    path: '/api/average-metrics',
    summary:
      "Averages and medians per store-month, shipment and mail-back package; a brand user's own beside the collective's",
    resource: 'comparisons',
    query: AverageMetricsQuerySchema,
    response: AverageMetricsSchema,
    auth: 'session-or-key',
    audience: 'admins',
    deniedToSpecialBrand: true,
    scoped: true,
    cache: true,
  },
} as const satisfies Record<string, Endpoint>);
