import { FEED_GRACE_FACTOR } from '@collective/api-client/contract';
import { answerScopedPage, answeredScope } from '../data/answered-scope';
import { resourceRoutes } from '../http/declare-route';
import { readDataSources, readIngestionLog } from './feed-queries';

/** Lines per page of GET /api/ingestion-logs unless asked. */
const DEFAULT_INGESTION_LOGS_PAGE_SIZE = 25;

/**
 * Data Sources (decisions D17; docs/decisions/0100): the feeds' health and
 * the ingestion log, read in the scope the route layer resolved (a brand
 * admin only ever their own member's feeds and lines).
 */
export const ingestionLogsRoutes = resourceRoutes({
  async dataSources({ scope, db, now }) {
    const answered = await answeredScope(db, scope.memberId);
    return {
      success: true,
      scope: answered,
      as_of: now.toISOString(),
      grace_factor: FEED_GRACE_FACTOR,
      feeds: await readDataSources(db, scope.memberId, now),
    };
  },

  ingestionLogs(call) {
    const { query, scope, db } = call;
    return answerScopedPage(
      call,
      DEFAULT_INGESTION_LOGS_PAGE_SIZE,
      async (paging) => {
        const { lines, total } = await readIngestionLog(
          db,
          {
            memberId: scope.memberId,
            source: query.source,
            status: query.status,
            from: query.from,
            to: query.to,
          },
          query.sort ?? '-started_at',
          paging,
        );
        return { ingestion_logs: lines, total };
      },
    );
  },
});
