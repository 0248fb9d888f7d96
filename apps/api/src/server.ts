import Fastify, {
  type FastifyInstance,
  type FastifyServerOptions,
} from 'fastify';
import { authRoutes } from './auth/auth-routes';
import { BODY_LIMIT_BYTES } from './constants';
import type { Database } from './db/database';
import { replyNotFound, replyToError } from './http/error-replies';
import { addSecurityHeaders } from './http/security-headers';
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
}

/**
 * Builds the reference API without listening, so tests can call
 * `app.inject()` and `main.ts` can `listen()`. Every response is JSON and
 * carries the security headers; unknown paths get a JSON 404.
 */
export function buildServer({ db, logger }: ServerOptions): FastifyInstance {
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
  app.setErrorHandler(replyToError);
  app.setNotFoundHandler(replyNotFound);

  app.get('/api/health', async () => ({ status: 'ok' }));
  app.register(authRoutes, { db });
  app.register(memberRoutes, { db });
  app.register(notificationRoutes, { db });

  return app;
}
