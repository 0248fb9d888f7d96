/**
 * The read behind GET /api/store-rankings: one SQL statement over the
 * store-month rollups (collected weight, docs/decisions/0031) and the
 * receipts (contamination), whatever the page.
 */
import type {
  AnsweredScope,
  CollectiveMedian,
  StoreRanking,
  StoreRankingMetric,
  StoreRankingSort,
} from '@collective/api-client/contract';
import type { SqlRunner } from '../db/database';
import { pageOffset, type AskedPage } from '../http/paging';
import { addMonths, monthStartOf, type MonthStart } from '../data/months';

/** Days in an average month: what "per active month" divides the open days by. */
export const DAYS_PER_MONTH = 30.4375;

/**
 * The period a ranking reads, as the first days of its months: `from`
 * (inclusive), `until` (the month after its last), and `previousFrom`, the
 * start of the period of the same length just before it (for growth).
 */
export interface RankingPeriod {
  from: MonthStart;
  until: MonthStart;
  previousFrom: MonthStart;
  /** Where active days stop: `until`, or the month after `now`'s if sooner. */
  openUntil: MonthStart;
}

/**
 * The period of the `period` query: a year (`2026`), a month (`2026-03`),
 * or the last 12 months up to and including `now`'s.
 */
export function rankingPeriod(
  period: string | undefined,
  now: Date,
): RankingPeriod {
  let from: MonthStart;
  let months: number;
  if (period === undefined) {
    months = 12;
    from = addMonths(monthStartOf(now), 1 - months);
  } else if (period.length === 4) {
    months = 12;
    from = `${period}-01-01` as MonthStart;
  } else {
    months = 1;
    from = `${period}-01` as MonthStart;
  }
  const until = addMonths(from, months);
  const nextMonth = addMonths(monthStartOf(now), 1);
  return {
    from,
    until,
    previousFrom: addMonths(from, -months),
    openUntil: until < nextMonth ? until : nextMonth,
  };
}

/** The last day of a period, `YYYY-MM-DD`. */
export function lastDayOf(period: RankingPeriod): string {
  const [year, month] = period.until.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month - 1, 0)).toISOString().slice(0, 10);
}

/** How each figure ranks: the best first (contamination: the lowest). */
const BEST_FIRST: Readonly<Record<StoreRankingMetric, string>> = {
  collected_kg: 'collected_kg DESC',
  kg_per_active_month: 'kg_per_active_month DESC',
  growth: 'growth DESC NULLS LAST',
  contamination_rate: 'contamination_rate ASC NULLS LAST',
};

/** The ORDER BY of each sort; ties by name, then id. */
function orderOf(sort: StoreRankingSort): string {
  const descending = sort.startsWith('-');
  const column = descending ? sort.slice(1) : sort;
  const direction = descending ? 'DESC' : 'ASC';
  const nulls =
    column === 'growth' || column === 'contamination_rate' ? ' NULLS LAST' : '';
  return `${column} ${direction}${nulls}, name, id`;
}

/** What a ranking is asked for. */
export interface RankingFilters {
  memberId: number | null;
  period: RankingPeriod;
  region: string | undefined;
  channel: string | undefined;
  minActiveDays: number;
  metric: StoreRankingMetric;
  sort: StoreRankingSort;
  paging: AskedPage;
}

/** One page of a ranking, its total, the collective median and the scope. */
export interface RankingAnswer {
  scope: AnsweredScope;
  median: CollectiveMedian;
  rows: StoreRanking[];
  total: number;
}

interface RankingRow extends StoreRanking {
  scope_name: string | null;
  total: number;
  median_stores: number;
  median_collected_kg: number | null;
  median_kg_per_active_month: number | null;
  median_growth: number | null;
  median_contamination_rate: number | null;
}

const kg = (expression: string) => `round((${expression})::numeric, 1)::float8`;
const share = (expression: string) =>
  `round((${expression})::numeric, 4)::float8`;

/**
 * The stores of the scope ranked by `metric` over the period (those open
 * at least `minActiveDays` days of it, in `region` and `channel` when
 * given), one page in `sort` order, and the median of each figure over
 * every store of the collective meeting the same filters. A store's active
 * days are the days of the period from its opening to the period's end or
 * the end of the current month (counted whole, so an answer stays true for
 * the month the answer cache keeps it). `null` when the scope's member does not exist.
 */
export async function readStoreRankings(
  db: SqlRunner,
  filters: RankingFilters,
): Promise<RankingAnswer | null> {
  const { period } = filters;
  const rows = await db.query<RankingRow>(
    `WITH figures AS (
       SELECT s.id, s.name, s.city, s.region, s.channel, s.member_id,
              greatest(0, $10::date - greatest($1::date,
                (s.opened_at AT TIME ZONE 'UTC')::date)) AS active_days,
              coalesce(w.collected, 0) AS collected, w.previous,
              c.contamination, c.weighed
         FROM stores s
         LEFT JOIN (SELECT store_id,
                           sum(weight_kg) FILTER (WHERE month >= $1::date) AS collected,
                           sum(weight_kg) FILTER (WHERE month < $1::date) AS previous
                      FROM store_months
                     WHERE month >= $3::date AND month < $2::date
                     GROUP BY 1) w ON w.store_id = s.id
         LEFT JOIN (SELECT sh.store_id, sum(r.contamination_kg) AS contamination,
                           sum(r.gross_kg - r.tare_kg) AS weighed
                      FROM receipts r JOIN shipments sh ON sh.id = r.shipment_id
                     WHERE sh.received_at >= $1::date::timestamp AT TIME ZONE 'UTC'
                       AND sh.received_at < $2::date::timestamp AT TIME ZONE 'UTC'
                     GROUP BY 1) c ON c.store_id = s.id
        WHERE ($5::text IS NULL OR s.region = $5)
          AND ($6::text IS NULL OR s.channel = $6)
     ),
     measured AS (
       SELECT id, name, city, region, channel, member_id, active_days,
              ${kg('collected')} AS collected_kg,
              ${kg(`CASE WHEN active_days > 0 THEN collected / (active_days / ${DAYS_PER_MONTH}) ELSE 0 END`)}
                AS kg_per_active_month,
              ${share('CASE WHEN previous > 0 THEN (collected - previous) / previous END')} AS growth,
              ${share('CASE WHEN weighed > 0 THEN contamination / weighed END')} AS contamination_rate
         FROM figures
        WHERE active_days >= $7
     ),
     median AS (
       SELECT count(*)::int AS stores,
              percentile_cont(0.5) WITHIN GROUP (ORDER BY collected_kg) AS collected_kg,
              percentile_cont(0.5) WITHIN GROUP (ORDER BY kg_per_active_month) AS kg_per_active_month,
              percentile_cont(0.5) WITHIN GROUP (ORDER BY growth) AS growth,
              percentile_cont(0.5) WITHIN GROUP (ORDER BY contamination_rate) AS contamination_rate
         FROM measured
     ),
     ranked AS (
       SELECT m.*, row_number() OVER (ORDER BY ${BEST_FIRST[filters.metric]}, name, id)::int AS rank
         FROM measured m
        WHERE $4::int IS NULL OR m.member_id = $4
     ),
     page AS (
       SELECT r.*, mb.name AS member_name
         FROM ranked r JOIN members mb ON mb.id = r.member_id
        ORDER BY ${orderOf(filters.sort)}
        LIMIT $8 OFFSET $9
     )
     SELECT (SELECT name FROM members WHERE id = $4) AS scope_name,
            (SELECT count(*)::int FROM ranked) AS total,
            md.stores AS median_stores,
            ${kg('md.collected_kg')} AS median_collected_kg,
            ${kg('md.kg_per_active_month')} AS median_kg_per_active_month,
            ${share('md.growth')} AS median_growth,
            ${share('md.contamination_rate')} AS median_contamination_rate,
            p.id, p.name, p.city, p.region, p.channel, p.member_name, p.rank,
            p.active_days, p.collected_kg, p.kg_per_active_month, p.growth,
            p.contamination_rate
       FROM median md LEFT JOIN page p ON true
      ORDER BY ${orderOf(filters.sort).replace(/(^|, )/g, '$1p.')}`,
    [
      period.from,
      period.until,
      period.previousFrom,
      filters.memberId,
      filters.region ?? null,
      filters.channel ?? null,
      filters.minActiveDays,
      filters.paging.page_size,
      pageOffset(filters.paging),
      period.openUntil,
    ],
  );
  const [first] = rows;
  if (!first) throw new Error('the ranking statement answered no row');
  if (filters.memberId !== null && first.scope_name === null) return null;
  return {
    scope: { member_id: filters.memberId, member_name: first.scope_name },
    median: {
      stores: first.median_stores,
      collected_kg: first.median_collected_kg ?? 0,
      kg_per_active_month: first.median_kg_per_active_month ?? 0,
      growth: first.median_growth,
      contamination_rate: first.median_contamination_rate,
    },
    rows: rows
      .filter((row) => row.id !== null)
      .map((row) => ({
        id: row.id,
        name: row.name,
        city: row.city,
        region: row.region,
        channel: row.channel,
        member_name: row.member_name,
        rank: row.rank,
        active_days: row.active_days,
        collected_kg: row.collected_kg,
        kg_per_active_month: row.kg_per_active_month,
        growth: row.growth,
        contamination_rate: row.contamination_rate,
      })),
    total: first.total,
  };
}
