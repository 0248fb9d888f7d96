import * as v from 'valibot';
import { named, type Endpoint } from './endpoint';
import { scopedAnswer, scopedQuery } from './data-schemas';
import {
  answerSchema,
  CountSchema,
  IdSchema,
  KgSchema,
} from './common-schemas';
import { idInput, VersionSchema } from './record-schemas';
import { ShareSchema } from './figure-schemas';

/*
 * Performance (decisions D14, D20; docs/decisions/0098): the program's
 * scorecard against its targets. Collective admins set each member's
 * yearly targets (collected weight, active stores, recycling rate, in
 * D14's words and as the dashboard computes them) and see every member's
 * progress; a brand user sees their own member's beside the collective's
 * median, which names no member.
 */

/** The figures a member has a yearly target for, in the order screens show them. */
export const PERFORMANCE_METRICS = [
  'collected_kg',
  'active_stores',
  'recycling_rate',
] as const;
/** A figure a member has a yearly target for. */
export type PerformanceMetric = (typeof PERFORMANCE_METRICS)[number];

/**
 * Where a figure stands against its target (docs/decisions/0098):
 * `met` (reached; or, the year over, reached at its end), `on_track`
 * (collected weight at least the target's share of the year passed; a
 * level — stores, rate — at least the target), `behind`, `missed` (the
 * year over, not reached), `not_started` (a year still to come), `no_target`.
 */
export const PROGRESS_STATUSES = [
  'met',
  'on_track',
  'behind',
  'missed',
  'not_started',
  'no_target',
] as const;
/** Where a figure stands against its target. */
export type ProgressStatus = (typeof PROGRESS_STATUSES)[number];

/** The first year targets can be set for. */
export const FIRST_TARGET_YEAR = 2020;
/** The last year targets can be set for (a sanity bound; the server also refuses years past next). */
export const LAST_TARGET_YEAR = 2100;
/** The largest yearly collected-weight target: 10,000 tonnes, far beyond any member. */
export const MAX_COLLECTED_KG_TARGET = 10_000_000;
/** The largest active-stores target. */
export const MAX_ACTIVE_STORES_TARGET = 100_000;

/** A year as the query sends it: four digits, within the years targets exist for. */
const YearQuery = v.optional(
  v.pipe(
    v.string(),
    v.regex(/^\d{4}$/, 'year must be four digits, like 2026'),
    v.transform(Number),
    v.minValue(FIRST_TARGET_YEAR, `year must be ${FIRST_TARGET_YEAR} or later`),
    v.maxValue(LAST_TARGET_YEAR, `year must be ${LAST_TARGET_YEAR} or earlier`),
  ),
);

/** A year in a body. */
const YearSchema = v.pipe(
  v.number('year must be a number'),
  v.integer('year must be a whole number, like 2026'),
  v.minValue(FIRST_TARGET_YEAR, `year must be ${FIRST_TARGET_YEAR} or later`),
  v.maxValue(LAST_TARGET_YEAR, `year must be ${LAST_TARGET_YEAR} or earlier`),
);

/* ------------------------------------------------------------------ */
/* GET /api/performance                                               */
/* ------------------------------------------------------------------ */

/** Query of GET /api/performance: the member (collective admins) and the calendar year. */
export const PerformanceQuerySchema = scopedQuery({
  /** The calendar year (UTC); the current one unless given. */
  year: YearQuery,
});

/** The figures of {@link PERFORMANCE_METRICS}, as a target or an actual figure. */
const metricFigures = {
  collected_kg: KgSchema,
  active_stores: CountSchema,
  /** A share, 0 to 1 (0.62 is 62 %). */
  recycling_rate: ShareSchema,
};

/** A member's targets for one year. */
export const PerformanceTargetsSchema = v.object({ ...metricFigures });
/** A member's targets for one year. */
export type PerformanceTargets = v.InferOutput<typeof PerformanceTargetsSchema>;

/**
 * A member's actual figures of the year so far, as the dashboard computes
 * them (D14): the net received weight of the year's months up to now (by
 * month of receipt); the stores active and opened by the end of the year,
 * or by now in the current year; recycled + downcycled ÷ the weight with a
 * confirmed outcome (0 without one), of what the year received.
 */
export const PerformanceActualSchema = v.object({ ...metricFigures });
/** A member's actual figures of the year so far. */
export type PerformanceActual = v.InferOutput<typeof PerformanceActualSchema>;

/** A figure's share of its target: actual ÷ target (1 is 100 %), `null` without a target. */
const ShareOfTargetSchema = v.nullable(v.pipe(v.number(), v.minValue(0)));

/** One figure against its target. */
export const MetricProgressSchema = v.object({
  share_of_target: ShareOfTargetSchema,
  status: v.picklist(PROGRESS_STATUSES),
});
/** One figure against its target. */
export type MetricProgress = v.InferOutput<typeof MetricProgressSchema>;

/** One member's scorecard for the year. */
export const MemberScorecardSchema = v.object({
  member_id: IdSchema,
  member_name: v.string(),
  /** The year's targets, `null` when none are set. */
  targets: v.nullable(PerformanceTargetsSchema),
  /** The targets' version (to send with an edit), `null` when none are set. */
  version: v.nullable(VersionSchema),
  actual: PerformanceActualSchema,
  progress: v.object({
    collected_kg: MetricProgressSchema,
    active_stores: MetricProgressSchema,
    recycling_rate: MetricProgressSchema,
  }),
});
/** One member's scorecard for the year. */
export type MemberScorecard = v.InferOutput<typeof MemberScorecardSchema>;

/**
 * The collective's median member for the year: of each actual figure over
 * every member not deactivated, and of each share of target over the
 * members with targets (`null` when none has one). Anonymous: counts and
 * numbers only, never a member's name or id (D20).
 */
export const PerformanceMedianSchema = v.object({
  /** Members the actual figures' medians are over. */
  members: CountSchema,
  /** Members with targets for the year, whom the shares' medians are over. */
  members_with_targets: CountSchema,
  /** The middle member's figures (active stores may be a half: the mean of the two middle members). */
  actual: v.object({
    collected_kg: KgSchema,
    active_stores: v.pipe(v.number(), v.minValue(0)),
    recycling_rate: ShareSchema,
  }),
  share_of_target: v.object({
    collected_kg: ShareOfTargetSchema,
    active_stores: ShareOfTargetSchema,
    recycling_rate: ShareOfTargetSchema,
  }),
});
/** The collective's median member for the year. */
export type PerformanceMedian = v.InferOutput<typeof PerformanceMedianSchema>;

/**
 * Response of GET /api/performance: the scorecards of the members in scope
 * (every member not deactivated for the whole collective, one otherwise)
 * for the year, and the collective median beside them.
 */
export const PerformanceSchema = scopedAnswer({
  year: YearSchema,
  /** The day the actual figures count up to (`YYYY-MM-DD`): today in the current year, else the year's last day. */
  as_of: v.pipe(v.string(), v.isoDate()),
  /** The share of the year passed by `as_of` (0 for a year to come, 1 for a year over). */
  year_elapsed: ShareSchema,
  scorecards: v.array(MemberScorecardSchema),
  median: PerformanceMedianSchema,
});
/** The scorecards of the members in scope for a year, and the collective median. */
export type Performance = v.InferOutput<typeof PerformanceSchema>;

/* ------------------------------------------------------------------ */
/* PUT /api/performance/targets (collective admins; versioned, audited) */
/* ------------------------------------------------------------------ */

/**
 * A target that is a finite number from 0 to `max`, kept to `places`
 * decimals: refused with "`name` must be `what`" when no finite number,
 * "cannot be negative" below 0 and "must be at most `maxText`" above.
 */
function decimalTarget(
  name: string,
  what: string,
  max: number,
  maxText: string,
  places: number,
) {
  const scale = 10 ** places;
  return v.pipe(
    v.number(`${name} must be ${what}`),
    v.check((n: number) => Number.isFinite(n), `${name} must be ${what}`),
    v.minValue(0, `${name} cannot be negative`),
    v.maxValue(max, `${name} must be at most ${maxText}`),
    v.transform((value: number) => Math.round(value * scale) / scale),
  );
}

/**
 * Body of PUT /api/performance/targets: one member's targets for one year.
 * `version` is the version read, or absent to set targets where there are
 * none yet (409 when someone set them meanwhile). Weight in kg (kept to
 * the gram), the rate a share from 0 to 1 (kept to 4 places, 0.01 %).
 */
export const SetPerformanceTargetsSchema = v.strictObject({
  member_id: idInput('member_id'),
  year: YearSchema,
  version: v.optional(VersionSchema),
  collected_kg: decimalTarget(
    'collected_kg',
    'a number of kilograms',
    MAX_COLLECTED_KG_TARGET,
    `${MAX_COLLECTED_KG_TARGET} kg (10,000 tonnes)`,
    3,
  ),
  active_stores: v.pipe(
    v.number('active_stores must be a number'),
    v.integer('active_stores must be a whole number'),
    v.minValue(0, 'active_stores cannot be negative'),
    v.maxValue(
      MAX_ACTIVE_STORES_TARGET,
      `active_stores must be at most ${MAX_ACTIVE_STORES_TARGET}`,
    ),
  ),
  recycling_rate: decimalTarget(
    'recycling_rate',
    'a share from 0 to 1',
    1,
    '1 (100 %)',
    4,
  ),
});
/** One member's targets for one year, as a collective admin sets them. */
export type SetPerformanceTargets = v.InferOutput<
  typeof SetPerformanceTargetsSchema
>;

/** Response of PUT /api/performance/targets: the member's scorecard with the targets saved. */
export const PerformanceTargetsWrittenSchema = answerSchema({
  year: YearSchema,
  scorecard: MemberScorecardSchema,
});

/**
 * The calls of the performance resource (its screens import this table, not
 * the `endpoints` aggregate, so their chunks carry these schemas only).
 */
export const performanceEndpoints = /* @__PURE__ */ named({
  performance: {
    method: 'GET',
    path: '/api/performance',
    summary:
      "Each member's yearly targets and progress; a brand user's own beside the collective median",
    resource: 'performance',
    query: PerformanceQuerySchema,
    response: PerformanceSchema,
    auth: 'session',
    audience: 'admins',
    scoped: true,
  },
  setPerformanceTargets: {
    method: 'PUT',
    path: '/api/performance/targets',
    summary:
      "Set a member's targets for a year (collective admins; 409 when stale)",
    resource: 'performance',
    body: SetPerformanceTargetsSchema,
    response: PerformanceTargetsWrittenSchema,
    auth: 'session',
    audience: 'collective-admins',
    audit: { entity: 'performance_target', action: 'set' },
  },
} as const satisfies Record<string, Endpoint>);
