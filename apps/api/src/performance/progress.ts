/**
 * How a member's figure stands against its yearly target
 * (docs/decisions/0098): pure, so the definitions are tested on their own.
 */
import type {
  MetricProgress,
  PerformanceMetric,
  ProgressStatus,
} from '@collective/api-client/contract';

/** The whole days of a calendar year (UTC). */
export function daysInYear(year: number): number {
  return (Date.UTC(year + 1, 0, 1) - Date.UTC(year, 0, 1)) / 86_400_000;
}

/** Where a year stands at `now`: the day its figures count up to and the share of it passed. */
export interface YearPassed {
  /** `YYYY-MM-DD`: today (UTC) in the current year or before the year, else its last day. */
  asOf: string;
  /** 0 for a year to come, 1 for a year over, else the days passed (today counted whole) ÷ the year's days, to 4 places. */
  elapsed: number;
}

/** How much of `year` has passed at `now` (UTC), today counted whole. */
export function yearPassed(year: number, now: Date): YearPassed {
  const current = now.getUTCFullYear();
  const today = now.toISOString().slice(0, 10);
  if (year < current) return { asOf: `${year}-12-31`, elapsed: 1 };
  if (year > current) return { asOf: today, elapsed: 0 };
  const dayOfYear =
    (Date.UTC(current, now.getUTCMonth(), now.getUTCDate()) -
      Date.UTC(current, 0, 1)) /
      86_400_000 +
    1;
  return {
    asOf: today,
    elapsed: Math.round((dayOfYear / daysInYear(year)) * 10_000) / 10_000,
  };
}

/**
 * Collected weight accumulates over the year, so it is on track when it
 * has reached the target's share of the year passed; active stores and
 * the recycling rate are levels, on track when at the target now.
 */
const CUMULATIVE: Readonly<Record<PerformanceMetric, boolean>> = {
  collected_kg: true,
  active_stores: false,
  recycling_rate: false,
};

/** `actual ÷ target` to 4 places; `null` for a target of 0 (any figure meets it). */
export function shareOfTarget(actual: number, target: number): number | null {
  return target > 0 ? Math.round((actual / target) * 10_000) / 10_000 : null;
}

/**
 * One figure against its target with `elapsed` of the year passed (see
 * {@link PROGRESS_STATUSES}): no target → `no_target`; a year to come →
 * `not_started`; a year over → `met` or `missed`; else `met` when a
 * cumulative figure has reached the whole target, `on_track` when it has
 * reached the target's share of the year passed (a level: the target
 * itself), `behind` otherwise.
 */
export function progressOf(
  metric: PerformanceMetric,
  actual: number,
  target: number | null,
  elapsed: number,
): MetricProgress {
  if (target === null) return { share_of_target: null, status: 'no_target' };
  const share_of_target = shareOfTarget(actual, target);
  let status: ProgressStatus;
  if (elapsed <= 0) status = 'not_started';
  else if (elapsed >= 1) status = actual >= target ? 'met' : 'missed';
  else if (CUMULATIVE[metric]) {
    if (actual >= target) status = 'met';
    else status = actual >= target * elapsed ? 'on_track' : 'behind';
  } else status = actual >= target ? 'on_track' : 'behind';
  return { share_of_target, status };
}
