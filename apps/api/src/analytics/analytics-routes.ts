import { resourceRoutes } from '../http/declare-route';
import { readPact, readRegions, readSeries } from './analytics-queries';
import { resolvePeriod } from './periods';

/**
 * The analytics screens' reads (issue 22; decisions D12, D14;
 * docs/decisions/0102), each one statement in the scope the route layer
 * resolved (a brand user's own member whatever they send; 404 for a member
 * that does not exist), reused from the answer cache while the rollups'
 * version and the month stay the same:
 * - GET /api/analytics/series: collected weight, units and shipments per
 *   channel and sorted weight per material, per month, quarter or year,
 *   beside the same months a year earlier;
 * - GET /api/analytics/pact: the impact month by month, per program and
 *   tier, with recycling and diversion rates; a member's share of it;
 * - GET /api/analytics/regions: stores, collected weight, weight per store
 *   and channel mix per region and state.
 */
export const analyticsRoutes = resourceRoutes({
  async analyticsSeries({ query, scope: { memberId }, db, now }) {
    return readSeries(
      db,
      memberId,
      resolvePeriod(query, now),
      query.interval ?? 'month',
    );
  },

  async pactAnalytics({ query, scope: { memberId }, db, now }) {
    return readPact(db, memberId, resolvePeriod(query, now));
  },

  async regionalSummary({ query, scope: { memberId }, db, now }) {
    return readRegions(db, memberId, resolvePeriod(query, now));
  },
});
