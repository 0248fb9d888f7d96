import Fastify, {
  type FastifyInstance,
  type FastifyServerOptions,
} from 'fastify';
import type { LoginLimits } from './auth/login-throttle';
import type { SessionCacheOptions } from './auth/session-cache';
import type { TrustProxy } from './config';
import {
  API_PREFIX,
  BODY_LIMIT_BYTES,
  CONNECTION_TIMEOUT_MS,
  HEADERS_TIMEOUT_MS,
  DEFAULT_MAIL_FROM,
  KEEP_ALIVE_TIMEOUT_MS,
  REQUEST_TIMEOUT_MS,
  TIMEOUT_CHECK_INTERVAL_MS,
} from './constants';
import { dashboardPages } from './dashboard/dashboard-pages';
import type { Database } from './db/database';
import { answerClientError } from './http/client-error';
import { watchSilence } from './http/connection-silence';
import { replyNotFound, replyToError } from './http/error-replies';
import { dropRefusedBody } from './http/refused-body';
import { RequestLog } from './http/request-log';
import { makeChildLoggersLazy } from './http/request-logger';
import { JobQueue, type JobQueueOptions } from './jobs/job-queue';
import { mailbackPage } from './mailback/mailback-page';
import { API_HEADERS, referenceApi } from './reference-api';
import { defineReportJobs, type ReportJobOptions } from './reports/report-job';
import { createMailSender, type MailSenderOptions } from './mail/mail';

declare module 'fastify' {
  interface FastifyInstance {
    /** The job queue (docs/decisions/0071), for kinds to be defined on and for tests. */
    jobs: JobQueue;
  }
}

/**
 * Log paths whose values never reach the log: credentials in headers and
 * password fields in bodies, at any depth Fastify or a handler might log them.
 */
export const REDACTED_LOG_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  'password',
  '*.password',
  'body.password',
  'req.body.password',
  'token',
  '*.token',
  'secret',
  '*.secret',
];

/** Pino logger settings the server accepts; redaction is always added. */
export type LoggerSettings = Exclude<
  FastifyServerOptions['logger'],
  boolean | undefined
>;

/**
 * How long the server waits on a client, in milliseconds, so slow or stalled
 * clients cannot hold its sockets (docs/decisions/0065). Defaults in
 * `constants.ts`; tests shorten them.
 */
export interface ServerTimeouts {
  /** Until a request's headers are complete ({@link HEADERS_TIMEOUT_MS}). */
  headersMs: number;
  /** Until the whole request is read, then 408 ({@link REQUEST_TIMEOUT_MS}). */
  requestMs: number;
  /** Silence allowed while a request is read or answered ({@link CONNECTION_TIMEOUT_MS}). */
  connectionMs: number;
  /** Idle time of a kept-alive connection between requests ({@link KEEP_ALIVE_TIMEOUT_MS}). */
  keepAliveMs: number;
  /** How often the headers, request and silence limits are checked ({@link TIMEOUT_CHECK_INTERVAL_MS}). */
  checkIntervalMs: number;
}

/** The timeouts of a server facing the internet directly (docs/decisions/0065). */
export const DEFAULT_SERVER_TIMEOUTS: Readonly<ServerTimeouts> = {
  headersMs: HEADERS_TIMEOUT_MS,
  requestMs: REQUEST_TIMEOUT_MS,
  connectionMs: CONNECTION_TIMEOUT_MS,
  keepAliveMs: KEEP_ALIVE_TIMEOUT_MS,
  checkIntervalMs: TIMEOUT_CHECK_INTERVAL_MS,
};

/** Options of {@link buildServer}. */
export interface ServerOptions {
  /** An open, migrated database. The server does not close it. */
  db: Database;
  /** `false` for silence (tests), or pino settings such as `{ level: 'info' }`. */
  logger: false | LoggerSettings;
  /**
   * Exact origins (`https://host[:port]`) allowed to call the API from a
   * browser (CORS). Empty or absent: no CORS headers at all.
   */
  corsOrigins?: readonly string[];
  /** Login throttling limits; the defaults of `constants.ts` when absent. */
  loginLimits?: Partial<LoginLimits>;
  /** Session cache settings; 5 s by default, `{ ttlMs: 0 }` turns it off. */
  sessionCache?: Partial<SessionCacheOptions>;
  /**
   * Which proxies' forwarding headers name the client (Fastify's
   * `trustProxy`); `false` by default: the client is the TCP peer.
   */
  trustProxy?: TrustProxy;
  /**
   * Absolute path of the built dashboard (holding `index.html`) to serve
   * beside the API; absent: the API alone, every other path a JSON 404.
   */
  dashboardDir?: string;
  /** The time the data endpoints take "this month" from; the system clock by default. */
  clock?: () => Date;
  /** Most data answers kept for reuse (docs/decisions/0032); 0 turns the cache off. */
  answerCacheEntries?: number;
  /**
   * How long the rollups' version read last is reused
   * (`DATA_VERSION_MAX_AGE_MS` by default); 0 reads it on every request.
   */
  dataVersionMaxAgeMs?: number;
  /**
   * Checks every API answer against its contract schema before sending it
   * (a 500 naming the mismatch otherwise): for tests; off by default.
   */
  checkAnswers?: boolean;
  /**
   * Whether this process runs jobs (docs/decisions/0071): the job queue
   * starts when the server is ready and stops when it closes. Off by
   * default (tests); the production server turns it on. Jobs can always be
   * enqueued, read and cancelled.
   */
  runJobs?: boolean;
  /** Settings of the job queue (poll and maintenance intervals; tests make them short). */
  jobQueue?: Omit<JobQueueOptions, 'db' | 'log'>;
  /** Settings of report runs (a pause between steps for tests that watch progress). */
  reportJobs?: ReportJobOptions;
  /** Client timeouts; {@link DEFAULT_SERVER_TIMEOUTS} for any left out. */
  timeouts?: Partial<ServerTimeouts>;
  /**
   * How mail leaves (decisions D16): `smtpUrl` (`SMTP_URL`) sends through
   * SMTP from `from` (`MAIL_FROM`); without either, mail stays in the
   * outbox. `sendWith` replaces SMTP in tests.
   */
  mail?: Omit<MailSenderOptions, 'db' | 'log' | 'from'> & { from?: string };
  /** The dashboard's public origin for links in mail (`PUBLIC_URL`). */
  publicUrl?: string;
  /** `METRICS_TOKEN`: the bearer token of GET /api/metrics; absent: loopback only. */
  metricsToken?: string;
}

/**
 * Builds the server without listening, so tests can call `app.inject()` and
 * `start-server.ts` can `listen()`: the API under `/api` (JSON only, strict
 * headers, see `reference-api.ts`) and, given `dashboardDir`, the built
 * dashboard everywhere else (`dashboard/dashboard-pages.ts`). One line of
 * log per request at info level (`http/request-log.ts`).
 */
export function buildServer({
  db,
  logger,
  corsOrigins = [],
  loginLimits,
  sessionCache,
  trustProxy = false,
  dashboardDir,
  clock,
  answerCacheEntries,
  dataVersionMaxAgeMs,
  checkAnswers,
  runJobs = false,
  jobQueue,
  reportJobs,
  timeouts,
  mail,
  publicUrl,
  metricsToken,
}: ServerOptions): FastifyInstance {
  const timeout = { ...DEFAULT_SERVER_TIMEOUTS, ...timeouts };
  const app = Fastify({
    logger:
      logger === false
        ? false
        : {
            ...logger,
            redact: { paths: REDACTED_LOG_PATHS, censor: '[redacted]' },
          },
    logController: new RequestLog(),
    bodyLimit: BODY_LIMIT_BYTES,
    // A hop count as proxy-addr compiles it: Fastify's types take no number.
    trustProxy:
      typeof trustProxy === 'number'
        ? (_address: string, hop: number) => hop < trustProxy
        : trustProxy,
    return503OnClosing: true,
    // What Node's parser refuses gets the API's headers and error body too.
    clientErrorHandler: (error, socket) =>
      answerClientError(error, socket, API_HEADERS),
    // Slow clients (docs/decisions/0065): each phase of a connection is
    // bounded. Node takes the headers timeout and check interval only at
    // creation (and checks headers <= request there); Fastify sets the rest.
    http: {
      headersTimeout: timeout.headersMs,
      requestTimeout: timeout.requestMs,
      connectionsCheckingInterval: timeout.checkIntervalMs,
    },
    requestTimeout: timeout.requestMs,
    keepAliveTimeout: timeout.keepAliveMs,
  });
  // Each request's child logger is made when first written to
  // (docs/decisions/0066, addendum).
  if (logger !== false) makeChildLoggersLazy(app.log);
  // The silence limit (Fastify's `connectionTimeout` left off), checked
  // with the others instead of by a socket timer per request.
  watchSilence(app.server, {
    silenceMs: timeout.connectionMs,
    checkIntervalMs: timeout.checkIntervalMs,
  });
  app.setErrorHandler(replyToError);
  // A body refused as too large is read before the 413, so a client or a
  // proxy still sending it reads the answer (docs/decisions/0106).
  app.addHook('onError', dropRefusedBody);

  const jobs = new JobQueue({ ...jobQueue, db, log: app.log });
  app.decorate('jobs', jobs);
  defineReportJobs(jobs, db, { ...(clock ? { clock } : {}), ...reportJobs });
  if (runJobs) {
    app.addHook('onReady', () => jobs.start());
    app.addHook('onClose', () => jobs.stop());
  }

  const mailSender = createMailSender({
    ...mail,
    from: mail?.from ?? DEFAULT_MAIL_FROM,
    db,
    log: app.log,
  });
  app.addHook('onReady', async () => mailSender.start());
  app.addHook('onClose', () => mailSender.stop());

  app.register(referenceApi, {
    jobs,
    mail: mailSender,
    ...(publicUrl ? { publicUrl } : {}),
    ...(metricsToken ? { metricsToken } : {}),
    prefix: API_PREFIX,
    db,
    corsOrigins,
    ...(loginLimits ? { loginLimits } : {}),
    ...(sessionCache ? { sessionCache } : {}),
    ...(clock ? { clock } : {}),
    ...(answerCacheEntries === undefined ? {} : { answerCacheEntries }),
    ...(dataVersionMaxAgeMs === undefined ? {} : { dataVersionMaxAgeMs }),
    ...(checkAnswers === undefined ? {} : { checkAnswers }),
  });
  // The public mail-back form: a page of the server's own, no script, so it
  // is served with or without the dashboard (decisions D19, 0091).
  app.register(mailbackPage);
  if (dashboardDir === undefined) {
    app.setNotFoundHandler(replyNotFound);
  } else {
    app.register(dashboardPages, { dir: dashboardDir });
  }
  return app;
}
