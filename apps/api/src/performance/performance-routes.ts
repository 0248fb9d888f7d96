import type {
  MemberScorecard,
  SetPerformanceTargets,
} from '@collective/api-client/contract';
import { answeredScope } from '../data/answered-scope';
import type { SqlRunner } from '../db/database';
import { resourceRoutes } from '../http/declare-route';
import { notFound, Refusal, staleVersion } from '../http/error-replies';
import { collectiveMedian, readYearFigures } from './performance-query';
import { yearPassed } from './progress';

/** A scorecard as the contract sends it (without the server's own flag). */
function scorecardOf({
  deactivated: _deactivated,
  ...card
}: Awaited<
  ReturnType<typeof readYearFigures>
>['scorecards'][number]): MemberScorecard {
  return card;
}

/** What the audit trail keeps of a member's targets: the figures and the version. */
function auditedTargets(card: MemberScorecard) {
  return card.targets === null
    ? null
    : { ...card.targets, version: card.version };
}

/** The member's scorecard for `year` at `now`; 404 for a member that does not exist. */
async function scorecard(
  db: SqlRunner,
  memberId: number,
  year: number,
  now: Date,
): Promise<MemberScorecard> {
  const [card] = (
    await readYearFigures(db, year, yearPassed(year, now), memberId)
  ).scorecards;
  return card ? scorecardOf(card) : notFound(`There is no member ${memberId}.`);
}

/** Whether the body's targets are those already saved. */
function unchanged(card: MemberScorecard, body: SetPerformanceTargets) {
  const { targets } = card;
  return (
    targets !== null &&
    targets.collected_kg === body.collected_kg &&
    targets.active_stores === body.active_stores &&
    targets.recycling_rate === body.recycling_rate
  );
}

/**
 * Performance (decisions D14, D20; docs/decisions/0098):
 * - GET /api/performance: the scorecards of the scope for a year (every
 *   member not deactivated, or with targets, for the whole collective;
 *   the one member otherwise — a brand user's own, whatever they send)
 *   and the collective median, which names no member;
 * - PUT /api/performance/targets: a collective admin sets one member's
 *   targets for one year, at the version read (409 when stale), one audit
 *   event with before and after.
 */
export const performanceRoutes = resourceRoutes({
  async performance({ query, scope, db, now }) {
    const year = query.year ?? now.getUTCFullYear();
    const passed = yearPassed(year, now);
    const scoped = await answeredScope(db, scope.memberId);
    const { scorecards } = await readYearFigures(db, year, passed);
    const shown =
      scope.memberId === null
        ? scorecards.filter((card) => !card.deactivated || card.targets)
        : scorecards.filter((card) => card.member_id === scope.memberId);
    return {
      success: true,
      scope: scoped,
      year,
      as_of: passed.asOf,
      year_elapsed: passed.elapsed,
      scorecards: shown.map(scorecardOf),
      median: collectiveMedian(scorecards),
    };
  },

  async setPerformanceTargets({ body, scope, db, now }) {
    // On the kiehls tenant, Kiehl's targets only (D12).
    if (scope.memberId !== null && scope.memberId !== body.member_id) {
      notFound(`There is no member ${body.member_id} in your data scope.`);
    }
    const nextYear = now.getUTCFullYear() + 1;
    if (body.year > nextYear) {
      throw new Refusal(
        400,
        'Bad Request',
        `Targets can be set up to next year (${nextYear}); ${body.year} is too far ahead.`,
      );
    }
    const [member] = await db.query<{ name: string }>(
      'SELECT name FROM members WHERE id = $1 FOR UPDATE',
      [body.member_id],
    );
    if (!member) notFound(`There is no member ${body.member_id}.`);
    const before = await scorecard(db, body.member_id, body.year, now);
    if ((before.version ?? undefined) !== body.version) {
      staleVersion(
        `The ${body.year} targets of ${member.name}`,
        body.version ?? 0,
        before.version ?? 0,
        before,
      );
    }
    if (unchanged(before, body)) {
      return {
        answer: { success: true, year: body.year, scorecard: before },
        change: null,
      };
    }
    await db.query(
      `INSERT INTO performance_targets
         (member_id, year, collected_kg, active_stores, recycling_rate, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (member_id, year) DO UPDATE SET
         collected_kg = EXCLUDED.collected_kg,
         active_stores = EXCLUDED.active_stores,
         recycling_rate = EXCLUDED.recycling_rate,
         updated_at = EXCLUDED.updated_at,
         version = performance_targets.version + 1`,
      [
        body.member_id,
        body.year,
        body.collected_kg,
        body.active_stores,
        body.recycling_rate,
        now.toISOString(),
      ],
    );
    const after = await scorecard(db, body.member_id, body.year, now);
    return {
      answer: { success: true, year: body.year, scorecard: after },
      change: {
        id: `${body.member_id}-${body.year}`,
        memberId: body.member_id,
        before: auditedTargets(before),
        after: auditedTargets(after),
      },
    };
  },
});
