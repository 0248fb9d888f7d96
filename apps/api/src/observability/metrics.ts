import { createHash, timingSafeEqual } from 'node:crypto';
import type {
  FastifyPluginAsync,
  FastifyRequest,
  onResponseHookHandler,
  RouteOptions,
} from 'fastify';
import fastifyMetrics from 'fastify-metrics';
import fp from 'fastify-plugin';
import { Gauge, type Metric, Registry } from 'prom-client';
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

/** The labels of one series of the request histogram. */
type DurationLabels = Record<'method' | 'route' | 'status_code', string>;

/** One series of the request histogram: a count per bucket (the last is +Inf), their sum and count. */
class DurationSeries {
  readonly counts = new Float64Array(DURATION_BUCKETS.length + 1);
  sum = 0;
  count = 0;
  constructor(readonly labels: DurationLabels) {}

  observe(seconds: number): void {
    const bound = DURATION_BUCKETS.findIndex((le) => seconds <= le);
    const bucket = bound < 0 ? DURATION_BUCKETS.length : bound;
    this.counts[bucket] = (this.counts[bucket] ?? 0) + 1;
    this.sum += seconds;
    this.count += 1;
  }
}

/**
 * `http_request_duration_seconds`: each API request's duration, labelled by
 * method, route pattern (`/api/members/:id`, never the raw URL) and status,
 * in the buckets fastify-metrics used. A request adds to plain numbers of
 * its series; the registry reads them, in prom-client's own value shape,
 * only when scraped. prom-client's `Histogram.observe` rebuilt and hashed
 * the labels on every request, a quarter of GET /api/auth/me's CPU time
 * (docs/decisions/0104, second addendum).
 */
export class RequestDurations {
  readonly name = 'http_request_duration_seconds';
  readonly help =
    'Duration of API requests in seconds, by method, route pattern and status.';
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly series: DurationSeries[] = [];

  /**
   * The recorder of one route pattern and method: given the status and the
   * duration in seconds, it adds to that status's series, made on first use.
   */
  recorder(method: string, route: string) {
    const byStatus = new Map<number, DurationSeries>();
    return (status: number, seconds: number): void => {
      let series = byStatus.get(status);
      if (!series) {
        series = new DurationSeries({
          method,
          route,
          status_code: String(status),
        });
        byStatus.set(status, series);
        this.series.push(series);
      }
      series.observe(seconds);
    };
  }

  /** The samples, as prom-client's histograms give them to the registry. */
  async get() {
    const values = this.series.flatMap(({ labels, counts, sum, count }) => {
      let cumulative = 0;
      return [
        ...[...DURATION_BUCKETS, '+Inf' as const].map((le, bucket) => {
          cumulative += counts[bucket] ?? 0;
          return {
            metricName: `${this.name}_bucket`,
            labels: { le, ...labels },
            value: cumulative,
          };
        }),
        { metricName: `${this.name}_sum`, labels, value: sum },
        { metricName: `${this.name}_count`, labels, value: count },
      ];
    });
    return {
      name: this.name,
      help: this.help,
      type: this.type,
      aggregator: this.aggregator,
      values,
    };
  }

  /** Forgets every series (prom-client's `Registry.resetMetrics`). */
  reset(): void {
    this.series.length = 0;
  }
}

/**
 * The `onRoute` hook that gives each route an `onResponse` hook recording
 * its requests in `durations`. The route's pattern and methods are known
 * when it is registered, so a request only reads its status and the
 * duration Fastify already keeps (`reply.elapsedTime`). HEAD, OPTIONS,
 * TRACE and CONNECT are left out, as fastify-metrics leaves them out; a
 * path no route serves is not a route, and is not measured.
 */
export function measureRoutes(durations: RequestDurations) {
  return (route: RouteOptions): void => {
    const recorders = new Map(
      [route.method]
        .flat()
        .filter((method) => !UNMEASURED_METHODS.has(method))
        .map((method) => [method, durations.recorder(method, route.url)]),
    );
    if (recorders.size === 0) return;
    const onResponse: onResponseHookHandler = (request, reply, done) => {
      recorders.get(request.method)?.(
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
      done();
    };
    route.onResponse = [route.onResponse ?? []].flat().concat(onResponse);
  };
}

/**
 * Prometheus metrics of the API (issue 25), one registry per server: the
 * process's own (CPU, memory, event-loop lag, GC) from fastify-metrics,
 * request durations by method, route pattern and status
 * ({@link RequestDurations}), and the job queue's depth by status, read
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
    // Measured by RequestDurations: the plugin's own two hooks, timer and
    // label objects cost a third of GET /api/auth/me's CPU time.
    routeMetrics: { enabled: false },
  });
  const durations = new RequestDurations();
  // Not one of prom-client's classes, but what its registry reads of one.
  registry.registerMetric(durations as unknown as Metric);
  app.addHook('onRoute', measureRoutes(durations));
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
