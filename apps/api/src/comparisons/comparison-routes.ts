import { notFound } from '../http/error-replies';
import { resourceRoutes } from '../http/declare-route';
import {
  lastDayOf,
  rankingPeriod,
  type RankingPeriod,
} from '../store-rankings/store-rankings-query';
import {
  comparisonPercentiles,
  rowsInScope,
  sortComparisons,
} from './comparison-figures';
import {
  readAverageMetrics,
  readMemberComparisons,
  yearBefore,
} from './comparison-queries';

/** 404 for a member that does not exist (a brand user's own always does). */
function unknownMember(memberId: number): never {
  return notFound(`There is no member ${memberId}.`);
}

/** A period as an answer states it: its first and last day. */
function periodOf(period: RankingPeriod) {
  return { from: period.from, to: lastDayOf(period) };
}

/**
 * Member Comparisons and Average Metrics (issue 22; decisions D12, D14;
 * docs/decisions/0103), declared from their contract entries (both
 * closed to the special brand user, cached per scope):
 * - GET /api/member-comparisons: every member's figures over a period for
 *   the whole collective, the scope's own member's otherwise, and the
 *   collective's quartiles, which name no member;
 * - GET /api/average-metrics: averages and medians per store-month,
 *   shipment and mail-back package, and the collective's beside a
 *   member's.
 * The answer depends on the scope the server decided, never on who asked
 * within it, so the answer cache's key (which holds the scope) is enough.
 */
export const comparisonRoutes = resourceRoutes({
  async memberComparisons({ query, scope, db, now }) {
    const period = rankingPeriod(query.period, now);
    const rows = await readMemberComparisons(db, period);
    const own = rowsInScope(rows, scope.memberId);
    if (scope.memberId !== null && own.length === 0)
      unknownMember(scope.memberId);
    const before = yearBefore(period);
    return {
      success: true,
      scope: {
        member_id: scope.memberId,
        member_name:
          scope.memberId === null ? null : (own[0]?.member_name ?? null),
      },
      period: periodOf(period),
      previous_period: periodOf({
        from: before.from,
        until: before.until,
        previousFrom: before.from,
        openUntil: before.until,
      }),
      members: sortComparisons(own, query.sort ?? 'name'),
      percentiles: comparisonPercentiles(rows),
    };
  },

  async averageMetrics({ query, scope, db, now }) {
    const period = rankingPeriod(query.period, now);
    const { scopeName, figures, collective } = await readAverageMetrics(
      db,
      period,
      scope.memberId,
    );
    if (scope.memberId !== null && scopeName === null)
      unknownMember(scope.memberId);
    return {
      success: true,
      scope: { member_id: scope.memberId, member_name: scopeName },
      period: periodOf(period),
      figures,
      collective,
    };
  },
});
