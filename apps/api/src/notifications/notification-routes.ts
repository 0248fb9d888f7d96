import {
  endpoints,
  NotificationIdParamSchema,
  type Notification,
} from '@collective/api-client/contract';
import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import { authenticated, type SessionContext } from '../auth/authenticate';
import { NOTIFICATIONS_LIST_LIMIT } from '../constants';
import type { Database } from '../db/database';
import { pathInsideApi } from '../http/api-path';
import { sendError } from '../http/error-replies';
import { validate } from '../http/validation';

/** Options of {@link notificationRoutes}. */
export interface NotificationRoutesOptions extends SessionContext {
  db: Database;
}

interface NotificationRow {
  id: number;
  title: string;
  body: string;
  created_at: Date;
  read_at: Date | null;
}

/** A notification row as the contract sends it: dates as ISO 8601 strings. */
export function toContractNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    created_at: new Date(row.created_at).toISOString(),
    read_at: row.read_at === null ? null : new Date(row.read_at).toISOString(),
  };
}

/**
 * The caller's own notifications, never anyone else's:
 * - GET /api/notifications?unread=true: the unread count (specification §7);
 * - GET /api/notifications: {@link NOTIFICATIONS_LIST_LIMIT} of them, unread
 *   first, then newest first;
 * - POST /api/notifications/:id/read: marks one read (the first read time is
 *   kept); 404 when it does not exist or belongs to someone else;
 * - POST /api/notifications/read-all: marks every unread one read.
 */
export const notificationRoutes: FastifyPluginAsync<
  NotificationRoutesOptions
> = async (app, options) => {
  const { db } = options;

  app.get(
    pathInsideApi(endpoints.notifications.path),
    authenticated(options, async (request, reply, caller) => {
      const query = validate(
        endpoints.notifications.query,
        request.query,
        'Query',
      );
      if (!query.ok) return sendError(reply, 400, query.error);
      if (query.value.unread === 'true') {
        const [row] = await db.query<{ unread_count: number }>(
          'SELECT count(*)::int AS unread_count FROM notifications WHERE user_id = $1 AND read_at IS NULL',
          [caller.id],
        );
        return { unread_count: row?.unread_count ?? 0 };
      }
      const rows = await db.query<NotificationRow>(
        `SELECT id, title, body, created_at, read_at FROM notifications
          WHERE user_id = $1
          ORDER BY read_at IS NULL DESC, created_at DESC, id DESC LIMIT $2`,
        [caller.id, NOTIFICATIONS_LIST_LIMIT],
      );
      return {
        success: true,
        notifications: rows.map(toContractNotification),
      };
    }),
  );

  app.post<{ Params: { id: string } }>(
    pathInsideApi(endpoints.markRead.path),
    authenticated(options, async (request, reply, caller) => {
      const { id: idText } = request.params as { id: string };
      const id = v.safeParse(NotificationIdParamSchema, idText);
      if (!id.success) return sendError(reply, 400, id.issues[0].message);
      const updated = await db.query<{ id: number }>(
        `UPDATE notifications SET read_at = COALESCE(read_at, now())
          WHERE id = $1 AND user_id = $2 RETURNING id`,
        [id.output, caller.id],
      );
      if (updated.length === 0) {
        return sendError(
          reply,
          404,
          'Not found',
          `You have no notification ${id.output}.`,
        );
      }
      return { success: true };
    }),
  );

  app.post(
    pathInsideApi(endpoints.markAllRead.path),
    authenticated(options, async (_request, _reply, caller) => {
      await db.query(
        'UPDATE notifications SET read_at = now() WHERE user_id = $1 AND read_at IS NULL',
        [caller.id],
      );
      return { success: true };
    }),
  );
};
