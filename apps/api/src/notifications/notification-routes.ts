import { endpoints } from '@collective/api-client/contract';
import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import { authenticated } from '../auth/authenticate';
import type { Database } from '../db/database';
import { sendError } from '../http/error-replies';
import { validate } from '../http/validation';

/** Options of {@link notificationRoutes}. */
export interface NotificationRoutesOptions {
  db: Database;
}

/**
 * Query of GET /api/notifications. Only the unread count is part of the
 * contract (specification §7), so `unread=true` is required.
 */
export const UnreadQuerySchema = v.strictObject({
  unread: v.literal(
    'true',
    'unread=true is required; only the unread count is available',
  ),
});

/** GET /api/notifications?unread=true: the caller's unread notification count. */
export const notificationRoutes: FastifyPluginAsync<
  NotificationRoutesOptions
> = async (app, { db }) => {
  app.get(
    endpoints.unreadCount.path,
    authenticated(db, async (request, reply, caller) => {
      const query = validate(UnreadQuerySchema, request.query, 'Query');
      if (!query.ok) return sendError(reply, 400, query.error);
      const [row] = await db.query<{ unread_count: number }>(
        'SELECT count(*)::int AS unread_count FROM notifications WHERE user_id = $1 AND read_at IS NULL',
        [caller.id],
      );
      return { unread_count: row?.unread_count ?? 0 };
    }),
  );
};
