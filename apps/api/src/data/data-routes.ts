import { endpoints } from '@collective/api-client/contract';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import {
  authenticatedOrApiKey,
  type DataReaderContext,
} from '../auth/authenticate';
import type { UserRecord } from '../auth/users';
import { DEFAULT_STORES_PAGE_SIZE } from '../constants';
import type { Database } from '../db/database';
import { pathInsideApi } from '../http/api-path';
import { sendError } from '../http/error-replies';
import { requestTenant } from '../http/tenant-header';
import { validate } from '../http/validation';
import type { FastifyRequest } from 'fastify';
import { isRefusal, resolveDataScope, type DataScope } from './data-scope';
import { monthStartOf } from './months';
import {
  readDashboardSummary,
  readStoreDetail,
  readStorePage,
} from './program-queries';
import type { StoreStatsKeeper } from './rollups';

/** Options of {@link dataRoutes}. */
export interface DataRoutesOptions extends DataReaderContext {
  db: Database;
  /** Keeps the stores' last-12-months statistics on the current month. */
  storeStats: StoreStatsKeeper;
  /** The time "this month" is taken from, read on every request. */
  clock: () => Date;
}

function unknownMember(reply: FastifyReply, memberId: number | null) {
  return sendError(reply, 404, 'Not found', `There is no member ${memberId}.`);
}

/**
 * The read-only program data (decisions D12), for a session or an API key
 * of the caller (D13), always in the scope the server decides
 * (`data-scope.ts`):
 * - GET /api/dashboard/summary: KPIs, monthly weight by material, top stores;
 * - GET /api/stores: search (name or city, any case), sort, pages, total;
 * - GET /api/stores/:id: one store with its history; 404 outside the scope.
 */
export const dataRoutes: FastifyPluginAsync<DataRoutesOptions> = async (
  app,
  options,
) => {
  const { db, storeStats, clock } = options;

  /**
   * Validates the query, decides the scope and makes sure the statistics
   * are on the current month; `null` once an error answer was sent.
   */
  async function scopeOf(
    request: FastifyRequest,
    reply: FastifyReply,
    caller: Readonly<UserRecord>,
    askedMemberId: number | undefined,
    now: Date,
  ): Promise<DataScope | null> {
    const scope = resolveDataScope(
      caller,
      requestTenant(request),
      askedMemberId,
    );
    if (isRefusal(scope)) {
      sendError(reply, scope.status, scope.error, scope.message);
      return null;
    }
    await storeStats.ensure(monthStartOf(now));
    return scope;
  }

  app.get(
    pathInsideApi(endpoints.dashboardSummary.path),
    authenticatedOrApiKey(options, async (request, reply, caller) => {
      const query = validate(
        endpoints.dashboardSummary.query,
        request.query,
        'Query',
      );
      if (!query.ok) return sendError(reply, 400, query.error);
      const now = clock();
      const scope = await scopeOf(
        request,
        reply,
        caller,
        query.value.member_id,
        now,
      );
      if (!scope) return reply;
      const summary = await readDashboardSummary(db, scope.memberId, now);
      if (!summary.found) return unknownMember(reply, scope.memberId);
      return summary.value;
    }),
  );

  app.get(
    pathInsideApi(endpoints.stores.path),
    authenticatedOrApiKey(options, async (request, reply, caller) => {
      const query = validate(endpoints.stores.query, request.query, 'Query');
      if (!query.ok) return sendError(reply, 400, query.error);
      const now = clock();
      const scope = await scopeOf(
        request,
        reply,
        caller,
        query.value.member_id,
        now,
      );
      if (!scope) return reply;
      const page = query.value.page ?? 1;
      const pageSize = query.value.page_size ?? DEFAULT_STORES_PAGE_SIZE;
      const stores = await readStorePage(db, {
        memberId: scope.memberId,
        search: query.value.search?.trim() ?? '',
        sort: query.value.sort ?? 'name',
        page,
        pageSize,
      });
      if (!stores.found) return unknownMember(reply, scope.memberId);
      return { success: true, ...stores.value, page, page_size: pageSize };
    }),
  );

  app.get(
    pathInsideApi(endpoints.store.path),
    authenticatedOrApiKey(options, async (request, reply, caller) => {
      const params = validate(endpoints.store.params, request.params, 'Path');
      if (!params.ok) return sendError(reply, 400, `store id ${params.error}`);
      const query = validate(endpoints.store.query, request.query, 'Query');
      if (!query.ok) return sendError(reply, 400, query.error);
      const now = clock();
      const scope = await scopeOf(
        request,
        reply,
        caller,
        query.value.member_id,
        now,
      );
      if (!scope) return reply;
      const detail = await readStoreDetail(
        db,
        params.value.id,
        scope.memberId,
        now,
      );
      if (!detail) {
        // The same answer whether the store is elsewhere or nowhere (D12).
        return sendError(
          reply,
          404,
          'Not found',
          `There is no store ${params.value.id} in your data scope.`,
        );
      }
      return detail;
    }),
  );
};
