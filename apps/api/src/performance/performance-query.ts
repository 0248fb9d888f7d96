/**
 * The reads behind /performance (decisions D14, D20; docs/decisions/0098):
 * each member's actual figures of a year from the same rollups and with
 * the same expressions as the dashboard summary (`program-queries.ts`), so
 * a member's collected weight and recycling rate for a year are the
 * dashboard's for the same twelve months, and its targets.
 */
import type {
  MemberScorecard,
  PerformanceActual,
  PerformanceMedian,
  PerformanceMetric,
  PerformanceTargets,
} from '@collective/api-client/contract';
import { kg, recycledShare } from '../data/program-queries';
import type { SqlRunner } from '../db/database';
import { median } from '../data/percentiles';
import { progressOf, shareOfTarget, type YearPassed } from './progress';

/** A member's row: its figures of the year and its targets, as the database answers it. */
interface FigureRow {
  member_id: number;
  member_name: string;
  deactivated: boolean;
  collected_kg: number;
  active_stores: number;
  processed_kg: number;
  recycled_kg: number;
  target_collected_kg: number | null;
  target_active_stores: number | null;
  target_recycling_rate: number | null;
  version: number | null;
}

/** Every member's scorecard for a year, and whether each is deactivated. */
export interface YearFigures {
  scorecards: (MemberScorecard & { deactivated: boolean })[];
}

/**
 * The scorecard of each member (of `memberId` only when given) for
 * `year`, counted up to `passed.asOf`:
 * - collected weight: `member_months` of the year's months up to `asOf`'s
 *   (net received, by month of receipt), rounded as the dashboard's;
 * - active stores: stores flagged active and opened by the end of `asOf`
 *   (the dashboard's count, which is today's; stores keep no date of
 *   deactivation, so a past year counts today's flags);
 * - recycling rate: `member_month_materials` of the same months, D14's
 *   rate by {@link recycledShare}.
 */
export async function readYearFigures(
  db: SqlRunner,
  year: number,
  passed: YearPassed,
  memberId: number | null = null,
): Promise<YearFigures> {
  const rows = await db.query<FigureRow>(
    `SELECT m.id AS member_id, m.name AS member_name,
            m.status = 'deactivated' AS deactivated,
            ${kg(`coalesce((SELECT sum(mm.weight_kg) FROM member_months mm
                   WHERE mm.member_id = m.id
                     AND mm.month BETWEEN $1::date AND date_trunc('month', $2::date)::date), 0)`)}
              AS collected_kg,
            (SELECT count(*) FROM stores s
              WHERE s.member_id = m.id AND s.active
                AND s.opened_at < ($2::date + 1)::timestamp AT TIME ZONE 'UTC')::int
              AS active_stores,
            coalesce(mt.processed_kg, 0)::float8 AS processed_kg,
            coalesce(mt.recycled_kg, 0)::float8 AS recycled_kg,
            t.collected_kg::float8 AS target_collected_kg,
            t.active_stores AS target_active_stores,
            t.recycling_rate::float8 AS target_recycling_rate,
            t.version
       FROM members m
       LEFT JOIN LATERAL (
         SELECT sum(mmm.processed_kg) AS processed_kg, sum(mmm.recycled_kg) AS recycled_kg
           FROM member_month_materials mmm
          WHERE mmm.member_id = m.id
            AND mmm.month BETWEEN $1::date AND date_trunc('month', $2::date)::date) mt ON true
       LEFT JOIN performance_targets t ON t.member_id = m.id AND t.year = $3
      WHERE $4::int IS NULL OR m.id = $4
      ORDER BY m.name, m.id`,
    [`${year}-01-01`, passed.asOf, year, memberId],
    { name: 'performance-figures' },
  );
  return {
    scorecards: rows.map((row) => {
      const actual: PerformanceActual = {
        collected_kg: row.collected_kg,
        active_stores: row.active_stores,
        recycling_rate: recycledShare(row.processed_kg, row.recycled_kg),
      };
      const targets: PerformanceTargets | null =
        row.version === null
          ? null
          : {
              collected_kg: row.target_collected_kg ?? 0,
              active_stores: row.target_active_stores ?? 0,
              recycling_rate: row.target_recycling_rate ?? 0,
            };
      const progressFor = (metric: PerformanceMetric) =>
        progressOf(
          metric,
          actual[metric],
          targets ? targets[metric] : null,
          passed.elapsed,
        );
      return {
        member_id: row.member_id,
        member_name: row.member_name,
        deactivated: row.deactivated,
        targets,
        version: row.version,
        actual,
        progress: {
          collected_kg: progressFor('collected_kg'),
          active_stores: progressFor('active_stores'),
          recycling_rate: progressFor('recycling_rate'),
        },
      };
    }),
  };
}

/**
 * The collective's median member (D20): of each actual figure over the
 * members not deactivated, of each share of target over those of them
 * with targets (a target of 0 has no share and is left out). Numbers
 * only: no member's name or id.
 */
export function collectiveMedian(
  scorecards: YearFigures['scorecards'],
): PerformanceMedian {
  const counted = scorecards.filter((card) => !card.deactivated);
  const withTargets = counted.filter((card) => card.targets !== null);
  const actualMedian = (metric: PerformanceMetric) =>
    median(counted.map((card) => card.actual[metric])) ?? 0;
  const shareMedian = (metric: PerformanceMetric) => {
    const shares = withTargets.flatMap((card) => {
      const share = card.targets
        ? shareOfTarget(card.actual[metric], card.targets[metric])
        : null;
      return share === null ? [] : [share];
    });
    const middle = median(shares);
    return middle === null ? null : Math.round(middle * 10_000) / 10_000;
  };
  return {
    members: counted.length,
    members_with_targets: withTargets.length,
    actual: {
      collected_kg: Math.round(actualMedian('collected_kg') * 10) / 10,
      active_stores: actualMedian('active_stores'),
      recycling_rate:
        Math.round(actualMedian('recycling_rate') * 10_000) / 10_000,
    },
    share_of_target: {
      collected_kg: shareMedian('collected_kg'),
      active_stores: shareMedian('active_stores'),
      recycling_rate: shareMedian('recycling_rate'),
    },
  };
}
