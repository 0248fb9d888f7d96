import { resourceRoutes } from '../http/declare-route';
import { askedPage } from '../http/paging';
import { notFound } from '../http/error-replies';
import {
  lastDayOf,
  rankingPeriod,
  readStoreRankings,
} from './store-rankings-query';

/** Ranked stores per page of GET /api/store-rankings unless asked. */
const DEFAULT_STORE_RANKINGS_PAGE_SIZE = 20;

/**
 * Store Performance Rankings (decisions D14, D20), declared from its
 * contract entry (docs/decisions/0066): the stores of the caller's scope
 * ranked by one figure over a period, with the collective median of every
 * figure (over all stores, no names), one SQL statement per page.
 */
export const storeRankingsRoutes = resourceRoutes({
  /**
   * GET /api/store-rankings: stores in scope ranked by collected weight,
   * weight per active month, growth or contamination rate, with the
   * collective median; 404 for a member that does not exist.
   */
  async storeRankings({ query, scope, db, now }) {
    const asked = askedPage(query, DEFAULT_STORE_RANKINGS_PAGE_SIZE);
    const metric = query.metric ?? 'collected_kg';
    const period = rankingPeriod(query.period, now);
    const answer = await readStoreRankings(db, {
      memberId: scope.memberId,
      period,
      region: query.region,
      channel: query.channel,
      minActiveDays: query.min_active_days ?? 0,
      metric,
      sort: query.sort ?? 'rank',
      paging: asked,
    });
    if (!answer) notFound(`There is no member ${scope.memberId}.`);
    return {
      success: true,
      scope: answer.scope,
      metric,
      period: { from: period.from, to: lastDayOf(period) },
      median: answer.median,
      store_rankings: answer.rows,
      ...asked,
      total: answer.total,
    };
  },
});
