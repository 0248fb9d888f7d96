/**
 * The reads behind /member-comparisons and /average-metrics (issue 22;
 * decisions D12, D14; docs/decisions/0103), one SQL statement each, with
 * the dashboard's definitions and sources: collected weight from the
 * member rollups (net received, by month of receipt); active stores as
 * /performance counts them; outcomes from what confirmed lots drew from
 * the material received in the period (the rollups' `processed_kg` and
 * `recycled_kg`); contamination from the receipts as /store-rankings.
 */
import {
  EOL_OUTCOMES,
  MIN_ANONYMOUS_MEMBERS,
  SHIPMENT_CHANNELS,
  STORE_RANKING_CHANNELS,
  type Average,
  type AverageFigures,
  type MemberComparison,
  type PackageGroup,
  type ShipmentGroup,
  type StoreMonthGroup,
} from '@collective/api-client/contract';
import { kg, recycledShare } from '../data/program-queries';
import { addMonths, type MonthStart } from '../data/months';
import type { SqlRunner } from '../db/database';
import type { RankingPeriod } from '../store-rankings/store-rankings-query';
import { growthOf, roundTo, shareOf } from './comparison-figures';

/** `$n::date` as the UTC midnight it starts, to compare with a `timestamptz`. */
const utcStart = (param: string) =>
  `(${param}::date::timestamp AT TIME ZONE 'UTC')`;

/** The months a year before the counted part of a period: growth compares with them. */
export interface YearBefore {
  from: MonthStart;
  /** The month after its last. */
  until: MonthStart;
}

/**
 * The same months a year earlier as those of `period` counted so far (up
 * to this month), so a year in progress compares with the same months of
 * the year before, not with all of it.
 */
export function yearBefore(period: RankingPeriod): YearBefore {
  return {
    from: addMonths(period.from, -12),
    until: addMonths(period.openUntil, -12),
  };
}

interface ComparisonRow {
  member_id: number;
  member_name: string;
  deactivated: boolean;
  collected_kg: number;
  previous_collected_kg: number;
  active_stores: number;
  recycled: number;
  downcycled: number;
  energy_recovery: number;
  landfill: number;
}

/**
 * Every member's figures over `period` (see the contract's
 * `MemberComparisonSchema`), by name. Stores count when flagged active and
 * open before the period's counted end (`openUntil`: the month after
 * this one at the latest, so an answer stays true for the month the
 * answer cache keeps it).
 */
export async function readMemberComparisons(
  db: SqlRunner,
  period: RankingPeriod,
): Promise<MemberComparison[]> {
  const before = yearBefore(period);
  const rows = await db.query<ComparisonRow>(
    `SELECT m.id AS member_id, m.name AS member_name,
            m.status = 'deactivated' AS deactivated,
            ${kg('coalesce(w.collected, 0)')} AS collected_kg,
            ${kg('coalesce(w.previous, 0)')} AS previous_collected_kg,
            (SELECT count(*) FROM stores s
              WHERE s.member_id = m.id AND s.active
                AND s.opened_at < ${utcStart('$5')})::int AS active_stores,
            ${EOL_OUTCOMES.map((o) => `coalesce(o.${o}, 0)::float8 AS ${o}`).join(', ')}
       FROM members m
       LEFT JOIN (SELECT member_id,
                         sum(weight_kg) FILTER (WHERE month >= $1::date) AS collected,
                         sum(weight_kg) FILTER (WHERE month < $1::date) AS previous
                    FROM member_months
                   WHERE (month >= $1::date AND month < $2::date)
                      OR (month >= $3::date AND month < $4::date)
                   GROUP BY 1) w ON w.member_id = m.id
       LEFT JOIN (SELECT s.member_id,
                         ${EOL_OUTCOMES.map((o) => `sum(ls.weight_kg) FILTER (WHERE l.outcome = '${o}') AS ${o}`).join(',\n                         ')}
                    FROM lot_sources ls
                    JOIN eol_lots l ON l.id = ls.lot_id AND l.status = 'confirmed'
                    JOIN shipments sh ON sh.id = ls.shipment_id
                    JOIN stores s ON s.id = sh.store_id
                   WHERE sh.received_at >= ${utcStart('$1')}
                     AND sh.received_at < ${utcStart('$2')}
                   GROUP BY 1) o ON o.member_id = m.id
      ORDER BY m.name, m.id`,
    [period.from, period.until, before.from, before.until, period.openUntil],
    { name: 'member-comparisons' },
  );
  return rows.map((row) => {
    const processed = EOL_OUTCOMES.reduce((sum, o) => sum + row[o], 0);
    const kgOf = (o: (typeof EOL_OUTCOMES)[number]) => roundTo(row[o], 1);
    return {
      member_id: row.member_id,
      member_name: row.member_name,
      deactivated: row.deactivated,
      collected_kg: row.collected_kg,
      previous_collected_kg: row.previous_collected_kg,
      growth: growthOf(row.collected_kg, row.previous_collected_kg),
      active_stores: row.active_stores,
      processed_kg: roundTo(processed, 1),
      outcome_kg: {
        recycled: kgOf('recycled'),
        downcycled: kgOf('downcycled'),
        energy_recovery: kgOf('energy_recovery'),
        landfill: kgOf('landfill'),
      },
      outcome_mix: {
        recycled: shareOf(row.recycled, processed),
        downcycled: shareOf(row.downcycled, processed),
        energy_recovery: shareOf(row.energy_recovery, processed),
        landfill: shareOf(row.landfill, processed),
      },
      recycling_rate: recycledShare(processed, row.recycled + row.downcycled),
    };
  });
}

/** One group of values as the statement answers it. */
interface GroupRow {
  figure: 'store_month' | 'shipment' | 'package';
  /** The scope's (true), the rest of the collective's (false), or everyone's (null). */
  mine: boolean | null;
  channel: string | null;
  count: number;
  members: number;
  total: number | null;
  mean: number | null;
  median: number | null;
  mean2: number | null;
  median2: number | null;
  pooled: number | null;
}

/** The aggregates of one kind of value, by scope and channel (GROUPING SETS). */
function aggregated(
  figure: GroupRow['figure'],
  source: string,
  second: string | null,
  pooled: string | null,
): string {
  return `SELECT '${figure}' AS figure, mine, channel, count(*)::int AS count,
            count(DISTINCT member_id)::int AS members,
            sum(value)::float8 AS total, avg(value)::float8 AS mean,
            percentile_cont(0.5) WITHIN GROUP (ORDER BY value) AS median,
            ${second ? `avg(${second})::float8` : 'NULL::float8'} AS mean2,
            ${second ? `percentile_cont(0.5) WITHIN GROUP (ORDER BY ${second})` : 'NULL::float8'} AS median2,
            ${pooled ?? 'NULL::float8'} AS pooled,
            (SELECT name FROM members WHERE id = $4) AS scope_name
       FROM (SELECT *, coalesce($4::int IS NULL OR member_id = $4, false) AS mine
               FROM ${source}) x
      GROUP BY GROUPING SETS ((mine, channel), (mine), (channel), ())`;
}

/**
 * The averages of the period for the scope `memberId` (the collective when
 * `null`) and, for a member, the collective's: one statement over the
 * store-month rollups, the receipts and the received mail-back packages.
 */
export async function readAverageMetrics(
  db: SqlRunner,
  period: RankingPeriod,
  memberId: number | null,
): Promise<{
  /** The scope member's name; `null` for the collective or a member that does not exist. */
  scopeName: string | null;
  figures: AverageFigures;
  collective: AverageFigures | null;
}> {
  const rows = await db.query<GroupRow & { scope_name: string | null }>(
    `WITH months AS (
       SELECT generate_series($1::date::timestamp, ($3::date - 1)::timestamp,
                              interval '1 month')::date AS month
     ),
     store_month AS (
       SELECT s.member_id, s.channel, coalesce(sm.weight_kg, 0) AS value
         FROM stores s
         JOIN months g ON s.opened_at < ((g.month + interval '1 month')::timestamp AT TIME ZONE 'UTC')
         LEFT JOIN store_months sm ON sm.store_id = s.id AND sm.month = g.month
        WHERE s.active
     ),
     shipment AS (
       SELECT s.member_id, sh.channel, r.net_kg AS value,
              CASE WHEN r.gross_kg - r.tare_kg > 0
                   THEN r.contamination_kg / (r.gross_kg - r.tare_kg) END AS rate,
              r.contamination_kg, r.gross_kg - r.tare_kg AS weighed
         FROM receipts r
         JOIN shipments sh ON sh.id = r.shipment_id
         JOIN stores s ON s.id = sh.store_id
        WHERE sh.received_at >= ${utcStart('$1')} AND sh.received_at < ${utcStart('$2')}
     ),
     package AS (
       SELECT (SELECT (p->>'brand_id')::int
                 FROM jsonb_array_elements(ms.products) p
                ORDER BY (p->>'count')::int DESC, (p->>'brand_id')::int
                LIMIT 1) AS member_id,
              'mail-back'::text AS channel, ms.received_weight_kg AS value, ms.items
         FROM mailback_submissions ms
        WHERE ms.status = 'received' AND ms.received_weight_kg IS NOT NULL
          AND ms.received_at >= ${utcStart('$1')} AND ms.received_at < ${utcStart('$2')}
     )
     ${aggregated('store_month', 'store_month', null, null)}
     UNION ALL
     ${aggregated(
       'shipment',
       'shipment',
       'rate',
       'CASE WHEN sum(weighed) > 0 THEN (sum(contamination_kg) / sum(weighed))::float8 END',
     )}
     UNION ALL
     ${aggregated('package', 'package', 'items', null)}`,
    [period.from, period.until, period.openUntil, memberId],
    { name: 'average-metrics' },
  );
  const figures = figuresOf(rows, memberId === null ? null : true, false);
  return {
    scopeName: rows[0]?.scope_name ?? null,
    figures,
    collective: memberId === null ? null : figuresOf(rows, null, true),
  };
}

/** A mean and a median to `places` decimals. */
function averageOf(
  mean: number | null,
  median: number | null,
  places: number,
): Average {
  return {
    mean: mean === null ? null : roundTo(mean, places),
    median: median === null ? null : roundTo(median, places),
  };
}

/**
 * The groups of one side: the scope's (`mine` true), or everyone's
 * (`null`). A collective side (`anonymous`) keeps only the groups of at
 * least {@link MIN_ANONYMOUS_MEMBERS} members; the scope's own has every
 * channel, empty ones with a count of 0.
 */
function figuresOf(
  rows: readonly GroupRow[],
  mine: true | null,
  anonymous: boolean,
): AverageFigures {
  const side = rows.filter((row) =>
    mine === null ? row.mine === null : row.mine === true,
  );
  const find = (figure: GroupRow['figure'], channel: string) =>
    side.find(
      (row) => row.figure === figure && (row.channel ?? 'all') === channel,
    );
  const shown = (row: GroupRow | undefined) =>
    !anonymous || (row !== undefined && row.members >= MIN_ANONYMOUS_MEMBERS);
  const base = (row: GroupRow | undefined) => ({
    count: row?.count ?? 0,
    members: row?.members ?? 0,
    total_kg: roundTo(row?.total ?? 0, 1),
  });
  const groups = <G>(
    figure: GroupRow['figure'],
    channels: readonly string[],
    make: (row: GroupRow | undefined, channel: string) => G,
  ): G[] =>
    ['all', ...channels].flatMap((channel) => {
      const row = find(figure, channel);
      return shown(row) ? [make(row, channel)] : [];
    });
  return {
    store_months: groups(
      'store_month',
      STORE_RANKING_CHANNELS,
      (row, channel): StoreMonthGroup => ({
        channel: channel as StoreMonthGroup['channel'],
        ...base(row),
        weight_kg: averageOf(row?.mean ?? null, row?.median ?? null, 1),
      }),
    ),
    shipments: groups(
      'shipment',
      SHIPMENT_CHANNELS,
      (row, channel): ShipmentGroup => ({
        channel: channel as ShipmentGroup['channel'],
        ...base(row),
        net_kg: averageOf(row?.mean ?? null, row?.median ?? null, 1),
        contamination_rate: averageOf(
          row?.mean2 ?? null,
          row?.median2 ?? null,
          4,
        ),
        pooled_contamination_rate:
          row?.pooled === null || row?.pooled === undefined
            ? null
            : roundTo(row.pooled, 4),
      }),
    ),
    // Packages are mail-back only: their one group is all of them.
    packages: groups(
      'package',
      [],
      (row): PackageGroup => ({
        channel: 'mail-back',
        ...base(row),
        weight_kg: averageOf(row?.mean ?? null, row?.median ?? null, 1),
        items: averageOf(row?.mean2 ?? null, row?.median2 ?? null, 1),
      }),
    ),
  };
}
