/**
 * The reads behind the analytics screens (issue 22; decisions D12, D14;
 * docs/decisions/0102), one SQL statement each. Every figure is counted as
 * the dashboard counts it (`program-queries.ts`, `rollups.ts`): collected
 * weight is the net received weight by month of receipt, units and
 * shipments by month shipped, a store's figures belong to the store's
 * member; outcomes are what confirmed lots drew from the material received
 * in the months counted. Weights come from the database in whole grams and
 * are summed as integers, then rounded once as the dashboard rounds.
 */
import {
  EOL_OUTCOMES,
  MATERIALS,
  MEMBER_TIERS,
  STORE_REGIONS,
  SHIPMENT_CHANNELS,
  type AnalyticsInterval,
  type AnalyticsSeries,
  type AnsweredScope,
  type EolOutcome,
  type ImpactFigures,
  type MemberTier,
  type PactAnalytics,
  type RegionalSummary,
  type SeriesBucket,
  type ShipmentChannel,
} from '@collective/api-client/contract';
import { recycledShare } from '../data/program-queries';
import type { SqlRunner } from '../db/database';
import { notFound } from '../http/error-replies';
import { addMonths, contractMonth, type MonthStart } from '../data/months';
import { CITY_STATE_COLUMNS } from './city-states';
import {
  bucketsOf,
  kgOf,
  monthsOf,
  yearAgo,
  type MonthPeriod,
} from './periods';

/** Sums of whole grams and counts, by key. */
type Tally = Map<string, number>;

function add(tally: Tally, key: string, value: number): void {
  tally.set(key, (tally.get(key) ?? 0) + value);
}

/** `$n::date` as the UTC midnight it starts: compares with a `timestamptz` column by its index. */
const utcStart = (param: string) => `(${param}::timestamp AT TIME ZONE 'UTC')`;

/** The scope an answer states, or 404 for a member that does not exist (the query found no name). */
function scopeOf(
  memberId: number | null,
  memberName: string | null | undefined,
): AnsweredScope {
  if (memberId === null) return { member_id: null, member_name: null };
  if (!memberName) notFound(`There is no member ${memberId}.`);
  return { member_id: memberId, member_name: memberName };
}

/**
 * The last branch of a UNION: one row of kind `scope` whose `key` is the
 * name of the member `$3` (`null` when there is none); `rest` fills the
 * other columns. Nothing for the collective.
 */
const scopeRow = (memberId: number | null, rest: string) =>
  memberId === null
    ? ''
    : `UNION ALL SELECT 'scope', NULL, (SELECT name FROM members WHERE id = $3), ${rest}`;

/* ------------------------------------------------------------------ */
/* GET /api/analytics/series                                           */
/* ------------------------------------------------------------------ */

interface SeriesRow {
  kind: 'scope' | 'collected' | 'sorted';
  month: string | null;
  /** The channel (collected), the material (sorted) or the member's name (scope). */
  key: string | null;
  shipments: number;
  units: number;
  grams: number;
}

/**
 * Collected weight, units and shipments of the scope per channel, sorted
 * weight per material, for every month of `period` and of the 12 months
 * before it (the year-ago comparison), in one statement over the member
 * rollups the dashboard reads (docs/decisions/0031, 0108): shipments and
 * units by month shipped, collected weight by month of receipt (a G2 row's
 * under its store's channel), per channel in `member_month_channels`;
 * sorted weight from `member_month_materials`. A mail-back shipment has no
 * store and counts for its member (decisions D14).
 */
export async function readSeries(
  db: SqlRunner,
  memberId: number | null,
  period: MonthPeriod,
  interval: AnalyticsInterval,
): Promise<AnalyticsSeries> {
  const first = yearAgo(period.first);
  const after = addMonths(period.last, 1);
  const member = memberId === null ? '' : 'AND member_id = $3';
  const rows = await db.query<SeriesRow>(
    `SELECT 'collected' AS kind, to_char(month, 'YYYY-MM') AS month, channel AS key,
            sum(shipments)::float8 AS shipments, sum(units)::float8 AS units,
            (sum(weight_kg) * 1000)::float8 AS grams
       FROM member_month_channels
      WHERE month >= $1::date AND month < $2::date ${member}
      GROUP BY 2, 3
     UNION ALL
     SELECT 'sorted', to_char(month, 'YYYY-MM'), material, 0, 0, (sum(weight_kg) * 1000)::float8
       FROM member_month_materials
      WHERE month >= $1::date AND month < $2::date ${member}
      GROUP BY 2, 3
     ${scopeRow(memberId, '0, 0, 0')}`,
    memberId === null ? [first, after] : [first, after, memberId],
    { name: `analytics-series:${memberId === null ? 'all' : 'member'}` },
  );
  const scope = scopeOf(
    memberId,
    rows.find((row) => row.kind === 'scope')?.key,
  );
  // kind|month|key → shipments, units or grams.
  const tally: Tally = new Map();
  for (const row of rows) {
    if (row.kind === 'scope') continue;
    const at = `${row.month}|${row.key}`;
    add(tally, `shipments|${at}`, row.shipments);
    add(tally, `units|${at}`, row.units);
    add(tally, `${row.kind}|${at}`, row.grams);
  }
  const sum = (
    what: string,
    months: readonly MonthStart[],
    keys: readonly string[],
  ) =>
    months.reduce(
      (total, month) =>
        keys.reduce(
          (inner, key) =>
            inner + (tally.get(`${what}|${contractMonth(month)}|${key}`) ?? 0),
          total,
        ),
      0,
    );
  const figuresOf = (
    months: readonly MonthStart[],
  ): Omit<SeriesBucket, 'first' | 'last'> => {
    const channels = SHIPMENT_CHANNELS.map((channel) => ({
      channel,
      shipments: sum('shipments', months, [channel]),
      units: sum('units', months, [channel]),
      grams: sum('collected', months, [channel]),
    }));
    const collected = channels.reduce((total, c) => total + c.grams, 0);
    const materials = MATERIALS.map(({ code }) => ({
      material: code,
      grams: sum('sorted', months, [code]),
    }));
    const sorted = materials.reduce((total, m) => total + m.grams, 0);
    const ago = months.map(yearAgo);
    return {
      current: {
        shipments: channels.reduce((total, c) => total + c.shipments, 0),
        units: channels.reduce((total, c) => total + c.units, 0),
        weight_kg: kgOf(collected),
      },
      year_ago: {
        shipments: sum('shipments', ago, SHIPMENT_CHANNELS),
        units: sum('units', ago, SHIPMENT_CHANNELS),
        weight_kg: kgOf(sum('collected', ago, SHIPMENT_CHANNELS)),
      },
      channels: channels.map(({ grams, ...c }) => ({
        ...c,
        weight_kg: kgOf(grams),
      })),
      materials: materials.map(({ material, grams }) => ({
        material,
        weight_kg: kgOf(grams),
      })),
      unsorted_kg: kgOf(Math.max(0, collected - sorted)),
    };
  };
  return {
    success: true,
    scope,
    from: contractMonth(period.first),
    to: contractMonth(period.last),
    interval,
    buckets: bucketsOf(period, interval).map(({ months }) => ({
      first: contractMonth(months[0] ?? period.first),
      last: contractMonth(months[months.length - 1] ?? period.last),
      ...figuresOf(months),
    })),
    totals: figuresOf(monthsOf(period)),
  };
}

/* ------------------------------------------------------------------ */
/* GET /api/analytics/pact                                             */
/* ------------------------------------------------------------------ */

/**
 * Committed G2 rows with their store (`g`, `s`): collected weight a retail
 * partner reported per store and day, counted in the month of its day
 * under the store's channel, as the dashboard's rollups count it
 * (decisions D14, D17; docs/decisions/0099). No shipments, no units.
 */
const G2_COLLECTED_STORES =
  'g2_collections g JOIN stores s ON s.id = g.store_id';

interface ImpactRow {
  kind: 'scope' | 'received' | 'outcome';
  month: string | null;
  /** The member's name for the scope row. */
  key: string | null;
  channel: ShipmentChannel | null;
  member_id: number | null;
  tier: MemberTier | null;
  outcome: EolOutcome | null;
  grams: number;
}

/** Collected and confirmed grams of a month, program, tier or period. */
interface ImpactTally {
  collected: number;
  outcomes: Record<EolOutcome, number>;
  members: Set<number>;
}

function emptyImpact(): ImpactTally {
  return {
    collected: 0,
    outcomes: { recycled: 0, downcycled: 0, energy_recovery: 0, landfill: 0 },
    members: new Set(),
  };
}

function confirmedOf(tally: ImpactTally): number {
  return EOL_OUTCOMES.reduce(
    (sum, outcome) => sum + tally.outcomes[outcome],
    0,
  );
}

/** D14's impact figures of a tally: weights rounded as the dashboard's, rates of the whole grams. */
export function impactOf(tally: ImpactTally): ImpactFigures {
  const confirmed = confirmedOf(tally);
  const { recycled, downcycled, energy_recovery, landfill } = tally.outcomes;
  return {
    collected_kg: kgOf(tally.collected),
    outcomes: {
      recycled: kgOf(recycled),
      downcycled: kgOf(downcycled),
      energy_recovery: kgOf(energy_recovery),
      landfill: kgOf(landfill),
    },
    confirmed_kg: kgOf(confirmed),
    recycling_rate: recycledShare(confirmed, recycled + downcycled),
    diversion_rate: recycledShare(confirmed, confirmed - landfill),
  };
}

/**
 * The impact of `period`, month by month, per program (collection
 * channel) and per member tier (the members' tiers of today), with the
 * totals; for a member, its own figures and its share of the collective's
 * collected and confirmed weight. One statement reads the collective's
 * receipts and the outcomes of confirmed lots by month of receipt, per
 * channel and member; member ids never leave this function.
 */
export async function readPact(
  db: SqlRunner,
  memberId: number | null,
  period: MonthPeriod,
): Promise<PactAnalytics> {
  const after = addMonths(period.last, 1);
  const rows = await db.query<ImpactRow>(
    `SELECT 'received' AS kind, to_char(date_trunc('month', sh.received_at AT TIME ZONE 'UTC'), 'YYYY-MM') AS month,
            NULL AS key, sh.channel AS channel, sh.member_id AS member_id, m.tier AS tier,
            NULL AS outcome, (sum(r.net_kg) * 1000)::float8 AS grams
       FROM receipts r JOIN shipments sh ON sh.id = r.shipment_id
       JOIN members m ON m.id = sh.member_id
      WHERE sh.received_at >= ${utcStart('$1')} AND sh.received_at < ${utcStart('$2')}
      GROUP BY 2, 4, 5, 6
     UNION ALL
     SELECT 'received', to_char(date_trunc('month', g.day), 'YYYY-MM'), NULL, s.channel,
            s.member_id, m.tier, NULL, (sum(g.weight_kg) * 1000)::float8
       FROM ${G2_COLLECTED_STORES} JOIN members m ON m.id = s.member_id
      WHERE g.day >= $1::date AND g.day < $2::date
      GROUP BY 2, 4, 5, 6
     UNION ALL
     SELECT 'outcome', to_char(date_trunc('month', sh.received_at AT TIME ZONE 'UTC'), 'YYYY-MM'),
            NULL, sh.channel, sh.member_id, m.tier, l.outcome, (sum(ls.weight_kg) * 1000)::float8
       FROM lot_sources ls JOIN eol_lots l ON l.id = ls.lot_id AND l.status = 'confirmed'
       JOIN shipments sh ON sh.id = ls.shipment_id
       JOIN members m ON m.id = sh.member_id
      WHERE sh.received_at >= ${utcStart('$1')} AND sh.received_at < ${utcStart('$2')}
      GROUP BY 2, 4, 5, 6, 7
     ${scopeRow(memberId, 'NULL, NULL, NULL, NULL, 0')}`,
    memberId === null ? [period.first, after] : [period.first, after, memberId],
    { name: `analytics-pact:${memberId === null ? 'all' : 'member'}` },
  );
  const scope = scopeOf(
    memberId,
    rows.find((row) => row.kind === 'scope')?.key,
  );
  const collective = emptyImpact();
  const total = emptyImpact();
  const months = new Map<string, ImpactTally>();
  const programs = new Map<ShipmentChannel, ImpactTally>();
  const tiers = new Map<MemberTier, ImpactTally>();
  const into = <K>(map: Map<K, ImpactTally>, key: K) => {
    const found = map.get(key);
    if (found) return found;
    const made = emptyImpact();
    map.set(key, made);
    return made;
  };
  for (const row of rows) {
    if (row.kind === 'scope' || row.member_id === null) continue;
    const counted = [collective];
    if (memberId === null || row.member_id === memberId) {
      counted.push(
        total,
        into(months, row.month),
        into(programs, row.channel as ShipmentChannel),
        into(tiers, row.tier as MemberTier),
      );
    }
    for (const tally of counted) {
      tally.members.add(row.member_id);
      if (row.kind === 'received') tally.collected += row.grams;
      else if (row.outcome) tally.outcomes[row.outcome] += row.grams;
    }
  }
  return {
    success: true,
    scope,
    from: contractMonth(period.first),
    to: contractMonth(period.last),
    months: monthsOf(period).map((month) => ({
      month: contractMonth(month),
      ...impactOf(months.get(contractMonth(month)) ?? emptyImpact()),
    })),
    programs: SHIPMENT_CHANNELS.map((channel) => ({
      channel,
      ...impactOf(programs.get(channel) ?? emptyImpact()),
    })),
    tiers: MEMBER_TIERS.flatMap((tier) => {
      const tally = tiers.get(tier);
      return tally
        ? [{ tier, members: tally.members.size, ...impactOf(tally) }]
        : [];
    }),
    totals: impactOf(total),
    share:
      memberId === null
        ? null
        : {
            collected: recycledShare(collective.collected, total.collected),
            confirmed: recycledShare(
              confirmedOf(collective),
              confirmedOf(total),
            ),
          },
  };
}

/* ------------------------------------------------------------------ */
/* GET /api/analytics/regions                                          */
/* ------------------------------------------------------------------ */

interface PlaceRow {
  kind: 'scope' | 'stores' | 'received';
  /** The member's name for the scope row. */
  key: string | null;
  region: string | null;
  state: string | null;
  channel: ShipmentChannel | null;
  stores: number;
  active_stores: number;
  grams: number;
}

/** Stores and collected grams per channel of a region, a state or all. */
interface PlaceTally {
  stores: number;
  active: number;
  grams: Map<ShipmentChannel, number>;
}

function emptyPlace(): PlaceTally {
  return { stores: 0, active: 0, grams: new Map() };
}

function placeOf(tally: PlaceTally) {
  const collected = [...tally.grams.values()].reduce((a, b) => a + b, 0);
  return {
    stores: tally.stores,
    active_stores: tally.active,
    weight_kg: kgOf(collected),
    weight_per_store_kg:
      tally.active > 0 ? kgOf(Math.round(collected / tally.active)) : null,
    channels: SHIPMENT_CHANNELS.map((channel) => ({
      channel,
      weight_kg: kgOf(tally.grams.get(channel) ?? 0),
    })),
  };
}

/** Whether `region` is one of the programme's (a store of another is counted in the totals only). */
const isRegion = (
  region: string | null,
): region is (typeof STORE_REGIONS)[number] =>
  (STORE_REGIONS as readonly (string | null)[]).includes(region);

/**
 * Stores (all, and active), collected weight of `period` by channel and
 * weight per active store, per region and per state (from the city,
 * `city-states.ts`) of the scope, in one statement over the stores and
 * their collected weight of the period per city and channel (by month of
 * receipt, from `member_city_month_channels`, the sums of the rollup the
 * dashboard's store figures come from).
 */
export async function readRegions(
  db: SqlRunner,
  memberId: number | null,
  period: MonthPeriod,
): Promise<RegionalSummary> {
  const after = addMonths(period.last, 1);
  const rows = await db.query<PlaceRow>(
    `WITH states AS (
       SELECT * FROM unnest($3::text[], $4::text[], $5::text[]) AS cs (city, region, state))
     SELECT 'scope' AS kind, (SELECT name FROM members WHERE id = $6) AS key, NULL AS region,
            NULL AS state, NULL AS channel, 0 AS stores, 0 AS active_stores, 0::float8 AS grams
     UNION ALL
     SELECT 'stores', NULL, s.region, cs.state, NULL, count(*)::int,
            (count(*) FILTER (WHERE s.active))::int, 0
       FROM stores s LEFT JOIN states cs ON cs.city = s.city AND cs.region = s.region
      WHERE $6::int IS NULL OR s.member_id = $6
      GROUP BY s.region, cs.state
     UNION ALL
     SELECT 'received', NULL, c.region, cs.state, c.channel, 0, 0, (sum(c.weight_kg) * 1000)::float8
       FROM member_city_month_channels c
       LEFT JOIN states cs ON cs.city = c.city AND cs.region = c.region
      WHERE c.month >= $1::date AND c.month < $2::date AND ($6::int IS NULL OR c.member_id = $6)
      GROUP BY c.region, cs.state, c.channel`,
    [period.first, after, ...CITY_STATE_COLUMNS, memberId],
    { name: 'analytics-regions' },
  );
  const scope = scopeOf(
    memberId,
    rows.find((row) => row.kind === 'scope')?.key,
  );
  const totals = emptyPlace();
  const regions = new Map<string, PlaceTally>();
  const states = new Map<string, Map<string | null, PlaceTally>>();
  for (const row of rows) {
    if (row.kind === 'scope') continue;
    const region = row.region ?? '';
    const regionTally = regions.get(region) ?? emptyPlace();
    regions.set(region, regionTally);
    const ofRegion = states.get(region) ?? new Map<string | null, PlaceTally>();
    states.set(region, ofRegion);
    const stateTally = ofRegion.get(row.state) ?? emptyPlace();
    ofRegion.set(row.state, stateTally);
    for (const tally of [totals, regionTally, stateTally]) {
      tally.stores += row.stores;
      tally.active += row.active_stores;
      if (row.channel) {
        tally.grams.set(
          row.channel,
          (tally.grams.get(row.channel) ?? 0) + row.grams,
        );
      }
    }
  }
  return {
    success: true,
    scope,
    from: contractMonth(period.first),
    to: contractMonth(period.last),
    regions: STORE_REGIONS.filter(isRegion).map((region) => ({
      region,
      ...placeOf(regions.get(region) ?? emptyPlace()),
      states: [...(states.get(region) ?? new Map<string | null, PlaceTally>())]
        .sort(([a], [b]) =>
          a === null ? 1 : b === null ? -1 : a.localeCompare(b),
        )
        .map(([state, tally]) => ({ state, ...placeOf(tally) })),
    })),
    totals: placeOf(totals),
  };
}
