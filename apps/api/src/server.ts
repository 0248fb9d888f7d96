import Fastify, {
  type FastifyInstance,
  type FastifyServerOptions,
} from 'fastify';
import { authRoutes } from './auth/auth-routes';
import { createLoginThrottle, type LoginLimits } from './auth/login-throttle';
import {
  createSessionCache,
  type SessionCacheOptions,
} from './auth/session-cache';
import { BODY_LIMIT_BYTES } from './constants';
import type { Database } from './db/database';
import { corsHook } from './http/cors';
import { replyNotFound, replyToError } from './http/error-replies';
import { addSecurityHeaders } from './http/security-headers';
import { checkTenantHeader } from './http/tenant-header';
import { memberRoutes } from './members/member-routes';
import { notificationRoutes } from './notifications/notification-routes';

/**
 * Log paths whose values never reach the log: credentials in headers and
 * password fields in bodies, at any depth Fastify or a handler might log them.
 */
export const REDACTED_LOG_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'password',
  '*.password',
  'body.password',
  'req.body.password',
  'token',
  '*.token',
];

/** Pino logger settings the server accepts; redaction is always added. */
export type LoggerSettings = Exclude<
  FastifyServerOptions['logger'],
  boolean | undefined
>;

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
}

/**
 * Builds the reference API without listening, so tests can call
 * `app.inject()` and `main.ts` can `listen()`. Every response is JSON and
 * carries the security headers; unknown paths get a JSON 404; an unknown
 * `X-Tenant-Code` gets 400 before any route runs.
 */
export function buildServer({
  db,
  logger,
  corsOrigins = [],
  loginLimits,
  sessionCache: sessionCacheOptions,
}: ServerOptions): FastifyInstance {
  const app = Fastify({
    logger:
      logger === false
        ? false
        : {
            ...logger,
            redact: { paths: REDACTED_LOG_PATHS, censor: '[redacted]' },
          },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: false,
    return503OnClosing: true,
  });

  // JSON only: drop the default text/plain parser, so other bodies get 415.
  app.removeContentTypeParser('text/plain');

  app.addHook('onSend', addSecurityHeaders);
  if (corsOrigins.length > 0) app.addHook('onRequest', corsHook(corsOrigins));
  app.addHook('onRequest', checkTenantHeader);
  app.setErrorHandler(replyToError);
  app.setNotFoundHandler(replyNotFound);

  const sessions = {
    db,
    sessionCache: createSessionCache(sessionCacheOptions),
  };
  app.get('/api/health', async () => ({ status: 'ok' }));
  app.register(authRoutes, {
    ...sessions,
    loginThrottle: createLoginThrottle(loginLimits),
  });
  app.register(memberRoutes, sessions);
  app.register(notificationRoutes, sessions);

  return app;
}
