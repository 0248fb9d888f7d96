import type { FastifyPluginAsync } from 'fastify';
import { READINESS_TIMEOUT_MS } from '../constants';
import type { Database } from '../db/database';
import { sendError } from '../http/error-replies';

/** Options of {@link healthRoutes}. */
export interface HealthRoutesOptions {
  db: Database;
  /** How long the database may take to answer before the server says it is not ready. */
  timeoutMs?: number;
}

/** Resolves `work`, or rejects once `ms` have passed. */
async function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET /api/health (liveness: the process answers; a restart is the cure
 * when it does not) and GET /api/ready (readiness: the database answers a
 * query within `timeoutMs`; a load balancer sends no traffic while it says
 * 503). Neither asks for a session, and neither says more than its state.
 */
export const healthRoutes: FastifyPluginAsync<HealthRoutesOptions> = async (
  app,
  { db, timeoutMs = READINESS_TIMEOUT_MS },
) => {
  app.get('/health', async () => ({ status: 'ok' }));
  app.get('/ready', async (request, reply) => {
    try {
      await within(db.query('SELECT 1 AS ready'), timeoutMs);
      return { status: 'ready' };
    } catch (error) {
      request.log.warn(
        { err: error },
        'not ready: the database did not answer',
      );
      return sendError(
        reply.header('retry-after', '5'),
        503,
        'Service Unavailable',
        'The database is unreachable; the server is not ready.',
      );
    }
  });
};
