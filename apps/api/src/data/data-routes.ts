import { endpoints } from '@collective/api-client/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type * as v from 'valibot';
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
import { isRefusal, resolveDataScope, type DataScope } from './data-scope';
import { monthStartOf } from './months';
import {
  readDashboardSummary,
  readStoreDetail,
  readStorePage,
} from './program-queries';
import type { AnswerCache } from './answer-cache';
import type { StoreStatsKeeper } from './rollups';

/** Options of {@link dataRoutes}. */
export interface DataRoutesOptions extends DataReaderContext {
  db: Database;
  /** Keeps the stores' last-12-months statistics on the current month. */
  storeStats: StoreStatsKeeper;
  /** Recent answers, reused while the data's version stays the same. */
  answers: AnswerCache;
  /** The time "this month" is taken from, read on every request. */
  clock: () => Date;
}

function unknownMember(reply: FastifyReply, memberId: number | null) {
  return sendError(reply, 404, 'Not found', `There is no member ${memberId}.`);
}

/** What a data answer depends on besides its own question. */
interface AnswerContext {
  scope: DataScope;
  /** Now, as the clock said when the request began. */
  now: Date;
  /** The rollups' version the answer is computed from. */
  dataVersion: number;
}

/**
 * The read-only program data (decisions D12), for a session or an API key
 * of the caller (D13), always in the scope the server decides
 * (`data-scope.ts`):
 * - GET /api/dashboard/summary: KPIs, monthly weight by material, top stores;
 * - GET /api/stores: search (name or city, any case), sort, pages, total;
 * - GET /api/stores/:id: one store with its history; 404 outside the scope.
 * Answers are read from the rollups (docs/decisions/0031) and reused from
 * the answer cache while the rollups' version stays the same (0032).
 */
export const dataRoutes: FastifyPluginAsync<DataRoutesOptions> = async (
  app,
  options,
) => {
  const { db, storeStats, answers, clock } = options;

  /**
   * Decides the scope, brings the store statistics to the current month and
   * reads the data version; `null` once a refusal was sent.
   */
  async function contextOf(
    request: FastifyRequest,
    reply: FastifyReply,
    caller: Readonly<UserRecord>,
    askedMemberId: number | undefined,
  ): Promise<AnswerContext | null> {
    const scope = resolveDataScope(
      caller,
      requestTenant(request),
      askedMemberId,
    );
    if (isRefusal(scope)) {
      sendError(reply, scope.status, scope.error, scope.message);
      return null;
    }
    const now = clock();
    const state = await storeStats.current(monthStartOf(now));
    return { scope, now, dataVersion: state.dataVersion };
  }

  /**
   * Checks the query against `schema`, then {@link contextOf} with its
   * `member_id`; `null` once a 400 or a refusal was sent.
   */
  async function scopedQuery<T extends { member_id?: number | undefined }>(
    request: FastifyRequest,
    reply: FastifyReply,
    caller: Readonly<UserRecord>,
    schema: v.GenericSchema<unknown, T>,
  ): Promise<{ query: T; context: AnswerContext } | null> {
    const query = validate(schema, request.query, 'Query');
    if (!query.ok) {
      sendError(reply, 400, query.error);
      return null;
    }
    const context = await contextOf(
      request,
      reply,
      caller,
      query.value.member_id,
    );
    return context ? { query: query.value, context } : null;
  }

  /**
   * Sends the cached answer to `question` in `context`, or computes it with
   * `compute` (`null`: not found, answered by `notFound`), keeps and sends it.
   */
  async function answer(
    reply: FastifyReply,
    context: AnswerContext,
    question: string,
    compute: () => Promise<object | null>,
    notFound: () => FastifyReply,
  ): Promise<FastifyReply> {
    const key = `${question}|m=${context.scope.memberId ?? '*'}|${monthStartOf(context.now)}`;
    let body = answers.get(key, context.dataVersion);
    if (body === undefined) {
      const value = await compute();
      if (value === null) return notFound();
      body = JSON.stringify(value);
      answers.set(key, context.dataVersion, body);
    }
    return reply.type('application/json; charset=utf-8').send(body);
  }

  app.get(
    pathInsideApi(endpoints.dashboardSummary.path),
    authenticatedOrApiKey(options, async (request, reply, caller) => {
      const scoped = await scopedQuery(
        request,
        reply,
        caller,
        endpoints.dashboardSummary.query,
      );
      if (!scoped) return reply;
      const { context } = scoped;
      const { memberId } = context.scope;
      return answer(
        reply,
        context,
        'summary',
        async () => {
          const summary = await readDashboardSummary(db, memberId, context.now);
          return summary.found ? summary.value : null;
        },
        () => unknownMember(reply, memberId),
      );
    }),
  );

  app.get(
    pathInsideApi(endpoints.stores.path),
    authenticatedOrApiKey(options, async (request, reply, caller) => {
      const scoped = await scopedQuery(
        request,
        reply,
        caller,
        endpoints.stores.query,
      );
      if (!scoped) return reply;
      const { query, context } = scoped;
      const { memberId } = context.scope;
      const page = query.page ?? 1;
      const pageSize = query.page_size ?? DEFAULT_STORES_PAGE_SIZE;
      const search = query.search?.trim() ?? '';
      const sort = query.sort ?? 'name';
      return answer(
        reply,
        context,
        `stores|${JSON.stringify([search, sort, page, pageSize])}`,
        async () => {
          const stores = await readStorePage(db, {
            memberId,
            search,
            sort,
            page,
            pageSize,
          });
          return stores.found
            ? { success: true, ...stores.value, page, page_size: pageSize }
            : null;
        },
        () => unknownMember(reply, memberId),
      );
    }),
  );

  app.get(
    pathInsideApi(endpoints.store.path),
    authenticatedOrApiKey(options, async (request, reply, caller) => {
      const params = validate(endpoints.store.params, request.params, 'Path');
      if (!params.ok) return sendError(reply, 400, `store id ${params.error}`);
      const scoped = await scopedQuery(
        request,
        reply,
        caller,
        endpoints.store.query,
      );
      if (!scoped) return reply;
      const { context } = scoped;
      const { id } = params.value;
      return answer(
        reply,
        context,
        `store|${id}`,
        () => readStoreDetail(db, id, context.scope.memberId, context.now),
        // The same answer whether the store is elsewhere or nowhere (D12).
        () =>
          sendError(
            reply,
            404,
            'Not found',
            `There is no store ${id} in your data scope.`,
          ),
      );
    }),
  );
};
