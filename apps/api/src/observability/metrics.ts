import { createHash, timingSafeEqual } from 'node:crypto';
import type {
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
} from 'fastify';
import fastifyMetrics from 'fastify-metrics';
import fp from 'fastify-plugin';
import { Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/database';
import { sendError } from '../http/error-replies';

/** Options of {@link metricsRoutes}. */
export interface MetricsOptions {
  db: Database;
  /**
   * `METRICS_TOKEN`: GET /api/metrics asks for `Authorization: Bearer
   * <token>`; absent: it answers the local machine (loopback) only.
   */
  token?: string;
}

/** The statuses of a job that count as the queue's depth. */
const WAITING = ['queued', 'running'] as const;

/** Buckets of the request-duration histogram, in seconds (5 ms to 5 s). */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the request may read the metrics: the bearer token, or loopback without one. */
function allowed(request: FastifyRequest, token: string | undefined): boolean {
  // The client as TRUST_PROXY says: behind a proxy on this machine the TCP
  // peer is always loopback, the client is not.
  if (token === undefined) return LOOPBACK.has(request.ip);
  const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}

/** Methods left out of the request histogram, as fastify-metrics leaves them out by default. */
const UNMEASURED_METHODS = new Set(['HEAD', 'OPTIONS', 'TRACE', 'CONNECT']);

/** One series of the request histogram: what `Histogram.labels(…)` gives. */
type Series = Histogram.Internal<'method' | 'route' | 'status_code'>;

/**
 * The `onResponse` hook that puts each request's duration in `histogram`,
 * labelled by method, route pattern (`/api/members/:id`, never the raw URL)
 * and status; a path no route serves is not measured. The duration is the
 * one Fastify keeps for every reply (`reply.elapsedTime`), and each series
 * is looked up once and kept, so a request costs one map read and one
 * observation (docs/decisions/0104, addendum).
 */
export function requestDurations(
  histogram: Histogram<'method' | 'route' | 'status_code'>,
) {
  const series = new Map<string, Series>();
  return (
    request: FastifyRequest,
    reply: FastifyReply,
    done: HookHandlerDoneFunction,
  ): void => {
    const { method } = request;
    const route = request.routeOptions.url;
    if (route !== undefined && !UNMEASURED_METHODS.has(method)) {
      const status = reply.statusCode;
      const key = `${method} ${status} ${route}`;
      let found = series.get(key);
      if (!found) {
        found = histogram.labels(method, route, String(status));
        series.set(key, found);
      }
      found.observe(reply.elapsedTime / 1000);
    }
    done();
  };
}

/**
 * Prometheus metrics of the API (issue 25), one registry per server: the
 * process's own (CPU, memory, event-loop lag, GC) from fastify-metrics,
 * request durations by method, route pattern and status
 * ({@link requestDurations}), and the job queue's depth by status, read
 * from the `jobs` table when scraped. Registered before the API's routes so
 * that each of them is measured: the plugin shares its parent's context
 * (fastify-plugin), so its hook sees the API's routes, not only its own.
 */
const metrics: FastifyPluginAsync<MetricsOptions> = async (
  app,
  { db, token },
) => {
  const registry = new Registry();
  await app.register(fastifyMetrics, {
    endpoint: null,
    defaultMetrics: { enabled: true, register: registry },
    // Measured by requestDurations: the plugin's own two hooks, timer and
    // label objects cost a third of GET /api/auth/me's CPU time.
    routeMetrics: { enabled: false },
  });
  app.addHook(
    'onResponse',
    requestDurations(
      new Histogram({
        name: 'http_request_duration_seconds',
        help: 'Duration of API requests in seconds, by method, route pattern and status.',
        labelNames: ['method', 'route', 'status_code'],
        buckets: DURATION_BUCKETS,
        registers: [registry],
      }),
    ),
  );
  new Gauge({
    name: 'collective_job_queue_depth',
    help: 'Jobs waiting or running, by status (docs/decisions/0071).',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      const rows = await db.query<{ status: string; jobs: string }>(
        `SELECT status, count(*)::text AS jobs FROM jobs
          WHERE status = ANY($1::text[]) GROUP BY status`,
        [[...WAITING]],
      );
      for (const status of WAITING) {
        const found = rows.find((row) => row.status === status);
        this.set({ status }, found ? Number(found.jobs) : 0);
      }
    },
  });
  app.get('/metrics', async (request, reply) => {
    if (!allowed(request, token)) {
      return sendError(
        reply,
        403,
        'Forbidden',
        token === undefined
          ? 'Metrics answer the local machine only; set METRICS_TOKEN to read them from elsewhere.'
          : 'Send the metrics token as "Authorization: Bearer <token>".',
      );
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
};

/** {@link metrics} in the context it is registered in (fastify-plugin). */
export const metricsRoutes = fp(metrics, { name: 'collective-metrics' });
