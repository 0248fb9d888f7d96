/**
 * The demo's performance targets (docs/decisions/0098): each member's
 * targets for the previous and the current year, derived from the
 * previous year's actual figures by fixed factors, so the same seed and
 * start time always give the same targets and the scorecards show every
 * status (met, missed, on track, behind).
 */
import type { SqlRunner } from '../db/database';
import { readYearFigures } from './performance-query';
import { yearPassed } from './progress';

/** Per member (in the order of their names): the previous year's targets as a multiple of its actual weight. */
const PREVIOUS_YEAR_FACTORS = [0.92, 1.08, 0.97, 1.15, 0.88, 1.03, 1.2];
/** The current year's weight targets as a multiple of the previous year's actual weight. */
const CURRENT_YEAR_FACTORS = [1.05, 1.2, 0.9, 1.1, 1.3, 1.0, 0.95];
/** Stores more (or fewer) than the member has now. */
const STORE_STEPS = [-1, 0, 1, 2, 0, 1, -1];
/** Recycling rate points above (or below) the previous year's. */
const RATE_STEPS = [-0.03, 0.02, 0.05, 0, -0.05, 0.03, 0.01];

const pick = (values: readonly number[], index: number) =>
  values[index % values.length] as number;

/** Writes the demo targets of every member for the year of `now` and the one before. */
export async function seedPerformanceTargets(
  tx: SqlRunner,
  now: Date,
): Promise<void> {
  const current = now.getUTCFullYear();
  const previous = current - 1;
  const { scorecards } = await readYearFigures(
    tx,
    previous,
    yearPassed(previous, now),
  );
  const { scorecards: today } = await readYearFigures(
    tx,
    current,
    yearPassed(current, now),
  );
  for (const [index, card] of scorecards.entries()) {
    const stores = today[index]?.actual.active_stores ?? 0;
    const rate = card.actual.recycling_rate;
    const targets = [
      [previous, pick(PREVIOUS_YEAR_FACTORS, index), 0],
      [current, pick(CURRENT_YEAR_FACTORS, index), pick(RATE_STEPS, index)],
    ] as const;
    for (const [year, factor, rateStep] of targets) {
      await tx.query(
        `INSERT INTO performance_targets
           (member_id, year, collected_kg, active_stores, recycling_rate, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [
          card.member_id,
          year,
          Math.max(
            100,
            Math.round((card.actual.collected_kg * factor) / 10) * 10,
          ),
          Math.max(
            1,
            stores + (year === current ? pick(STORE_STEPS, index) : 0),
          ),
          Math.min(
            1,
            Math.max(0.05, Math.round((rate + rateStep) * 100) / 100),
          ),
          now.toISOString(),
        ],
      );
    }
  }
}
