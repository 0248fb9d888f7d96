import fastifyCors from '@fastify/cors';
import type { FastifyPluginAsync } from 'fastify';
import { auditRoutes } from './audit/audit-routes';
import { authRoutes } from './auth/auth-routes';
import { createLoginThrottle, type LoginLimits } from './auth/login-throttle';
import {
  createSessionCache,
  type SessionCacheOptions,
} from './auth/session-cache';
import {
  API_VERSION,
  CORS_PREFLIGHT_MAX_AGE_SECONDS,
  DEFAULT_MAIL_FROM,
} from './constants';
import type { Database } from './db/database';
import { replyNotFound, replyToError } from './http/error-replies';
import { guardApiRequest, guardJsonBodies } from './http/request-guards';
import { helmetHeaders, sendHeaders } from './http/security-headers';
import { TENANT_HEADER } from './http/tenant-header';
import { createAnswerCache } from './data/answer-cache';
import { dataRoutes } from './data/data-routes';
import { downloadRoutes } from './downloads/download-routes';
import { monthStartOf } from './data/months';
import { createStoreStatsKeeper } from './data/rollups';
import { apiDocs } from './http/api-docs';
import { contractValidator, type RouteServices } from './http/declare-route';
import { IDEMPOTENCY_HEADER } from './http/idempotency';
import { apiKeyRoutes } from './keys/api-key-routes';
import type { JobQueue } from './jobs/job-queue';
import { jobRoutes } from './jobs/job-routes';
import { createLastUsedRecorder } from './keys/api-keys';
import { mailbackRoutes } from './mailback/mailback-routes';
import { memberRoutes } from './members/member-routes';
import { notificationRoutes } from './notifications/notification-routes';
import { savedViewRoutes } from './saved-views/saved-view-routes';
import { shipmentRoutes } from './shipments/shipment-routes';
import { warehouseRoutes } from './warehouse/warehouse-routes';
import { eolRoutes } from './eol/eol-routes';
import { createMailSender, type MailSender } from './mail/mail';
import { userRoutes } from './users/user-routes';
import { storeRankingsRoutes } from './store-rankings/store-rankings-routes';
import { demoCleanupRoutes } from './demo-cleanup/demo-cleanup-routes';
import { instructionRoutes } from './instructions/instruction-routes';
import { storeRoutes } from './stores/store-routes';
import { performanceRoutes } from './performance/performance-routes';
import { healthRoutes } from './observability/health-routes';
import { metricsRoutes } from './observability/metrics';
import { comparisonRoutes } from './comparisons/comparison-routes';
import { analyticsRoutes } from './analytics/analytics-routes';
import { reportRoutes } from './reports/report-routes';
import { g2Routes } from './g2/g2-routes';
import { ingestionLogsRoutes } from './ingestion-logs/ingestion-logs-routes';
import { dataExportRoutes } from './data-export/data-export-routes';

/**
 * Headers of every API answer, the set OWASP's REST Security Cheat Sheet
 * asks of a JSON API: helmet's `nosniff`, HSTS, a content security policy
 * that allows nothing and no framing (also as `X-Frame-Options`), no
 * referrer — and `Cache-Control: no-store`, as answers carry personal data.
 * Helmet's other headers only mean something to documents (opener and
 * agent-cluster isolation, DNS prefetch, IE downloads, Flash policies, the
 * old XSS filter, no-cors embedding) and cost a tenth of the time of a
 * request on GET /api/auth/me (docs/decisions/0021).
 */
export const API_HEADERS = {
  ...helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginOpenerPolicy: false,
    crossOriginResourcePolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  }),
  'cache-control': 'no-store',
};

/** Methods the API serves, announced to allowed origins in preflight answers. */
export const CORS_ALLOWED_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
/** Request headers a browser may send cross-origin: the ones the client sends. */
export const CORS_ALLOWED_HEADERS = [
  'authorization',
  'content-type',
  IDEMPOTENCY_HEADER,
  TENANT_HEADER,
];
/** Response headers a cross-origin page may read besides the simple ones. */
export const CORS_EXPOSED_HEADERS = ['retry-after', 'www-authenticate'];

/** Options of {@link referenceApi}. */
export interface ReferenceApiOptions {
  /** An open, migrated database. The plugin does not close it. */
  db: Database;
  /**
   * Exact origins (`https://host[:port]`) allowed to call the API from a
   * browser (CORS). Empty: no CORS headers at all.
   */
  corsOrigins: readonly string[];
  /** Login throttling limits; the defaults of `constants.ts` when absent. */
  loginLimits?: Partial<LoginLimits>;
  /** Session cache settings; 5 s by default, `{ ttlMs: 0 }` turns it off. */
  sessionCache?: Partial<SessionCacheOptions>;
  /** The time the data endpoints take "this month" from; the system clock by default. */
  clock?: () => Date;
  /** Most data answers kept for reuse (docs/decisions/0032); 0 turns the cache off. */
  answerCacheEntries?: number;
  /**
   * How long the rollups' version read last is reused
   * (`DATA_VERSION_MAX_AGE_MS` by default); 0 reads it on every request.
   */
  dataVersionMaxAgeMs?: number;
  /** Checks every answer against its contract schema (tests); off by default. */
  checkAnswers?: boolean;
  /** The job queue the job routes read (docs/decisions/0071). */
  jobs: JobQueue;
  /** Where mail goes (decisions D16); the outbox alone when absent. */
  mail?: MailSender;
  /** The dashboard's public origin for links in mail (`PUBLIC_URL`); absent: each request's origin. */
  publicUrl?: string;
  /** `METRICS_TOKEN`: the bearer token of GET /api/metrics; absent: loopback only. */
  metricsToken?: string;
}

/**
 * The API of the contract, registered under `/api` so that everything here —
 * strict headers, CORS, the tenant header check, JSON-only bodies, the JSON
 * 404 — applies to `/api` and below only, never to the dashboard's pages.
 */
export const referenceApi: FastifyPluginAsync<ReferenceApiOptions> = async (
  app,
  options,
) => {
  // JSON only: drop the default text/plain parser, so other bodies get 415.
  app.removeContentTypeParser('text/plain');
  guardJsonBodies(app);
  app.addHook('onRequest', sendHeaders(API_HEADERS));
  if (options.corsOrigins.length > 0) {
    const allowed = new Set(options.corsOrigins);
    // A function, not the list: other origins then get no Access-Control-*
    // header at all, and their preflights the API's JSON 404.
    await app.register(fastifyCors, {
      origin: (origin, callback) =>
        callback(null, origin !== undefined && allowed.has(origin)),
      methods: CORS_ALLOWED_METHODS,
      allowedHeaders: CORS_ALLOWED_HEADERS,
      exposedHeaders: CORS_EXPOSED_HEADERS,
      maxAge: CORS_PREFLIGHT_MAX_AGE_SECONDS,
      credentials: false,
    });
  }
  // `%00` in the URL, then an unknown X-Tenant-Code: one hook
  // (docs/decisions/0066, addendum).
  app.addHook('onRequest', guardApiRequest);
  app.setErrorHandler(replyToError);
  app.setNotFoundHandler(replyNotFound);
  app.setValidatorCompiler(contractValidator);
  app.decorateRequest('caller', null);
  app.decorateRequest('scope', null);

  const clock = options.clock ?? (() => new Date());
  const storeStats = createStoreStatsKeeper(
    options.db,
    options.dataVersionMaxAgeMs === undefined
      ? {}
      : { maxAgeMs: options.dataVersionMaxAgeMs },
  );
  const services: RouteServices = {
    db: options.db,
    sessionCache: createSessionCache(options.sessionCache),
    apiKeysUsed: createLastUsedRecorder(options.db, () => clock().getTime()),
    answers: createAnswerCache(options.answerCacheEntries),
    async cacheStamp(now) {
      const period = monthStartOf(now);
      const state = await storeStats.current(period);
      return { version: state.dataVersion, period };
    },
    dataWritten: () => storeStats.forget(),
    clock,
    checkAnswers: options.checkAnswers ?? false,
    jobs: options.jobs,
    mail:
      options.mail ??
      createMailSender({
        db: options.db,
        from: DEFAULT_MAIL_FROM,
        log: app.log,
      }),
    publicUrl: options.publicUrl ?? null,
  };
  // First: it measures the routes registered after it.
  await app.register(metricsRoutes, {
    db: options.db,
    ...(options.metricsToken ? { token: options.metricsToken } : {}),
  });
  await app.register(healthRoutes, { db: options.db });
  await app.register(apiDocs, { version: API_VERSION });
  await app.register(
    authRoutes(createLoginThrottle(options.db, options.loginLimits)),
    services,
  );
  for (const resource of [
    memberRoutes,
    notificationRoutes,
    apiKeyRoutes,
    dataRoutes,
    savedViewRoutes,
    auditRoutes,
    jobRoutes,
    downloadRoutes,
    mailbackRoutes,
    shipmentRoutes,
    warehouseRoutes,
    eolRoutes,
    userRoutes,
    storeRankingsRoutes,
    instructionRoutes,
    demoCleanupRoutes,
    storeRoutes,
    performanceRoutes,
    comparisonRoutes,
    analyticsRoutes,
    reportRoutes,
    g2Routes,
    ingestionLogsRoutes,
    dataExportRoutes,
  ]) {
    await app.register(resource, services);
  }
};
