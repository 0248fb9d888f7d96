import type { Notification } from '@collective/api-client/contract';
import { NOTIFICATIONS_LIST_LIMIT } from '../constants';
import { isoTime } from '../db/iso-time';
import { resourceRoutes } from '../http/declare-route';
import { notFound } from '../http/error-replies';

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
    created_at: isoTime(row.created_at),
    read_at: isoTime(row.read_at),
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
export const notificationRoutes = resourceRoutes({
  async notifications({ query, caller, db }) {
    if (query.unread === 'true') {
      const [row] = await db.query<{ unread_count: number }>(
        'SELECT count(*)::int AS unread_count FROM notifications WHERE user_id = $1 AND read_at IS NULL',
        [caller.user.id],
      );
      return { unread_count: row?.unread_count ?? 0 };
    }
    const rows = await db.query<NotificationRow>(
      `SELECT id, title, body, created_at, read_at FROM notifications
        WHERE user_id = $1
        ORDER BY read_at IS NULL DESC, created_at DESC, id DESC LIMIT $2`,
      [caller.user.id, NOTIFICATIONS_LIST_LIMIT],
    );
    return { success: true, notifications: rows.map(toContractNotification) };
  },

  async markRead({ params, caller, db }) {
    const updated = await db.query<{ id: number }>(
      `UPDATE notifications SET read_at = COALESCE(read_at, now())
        WHERE id = $1 AND user_id = $2 RETURNING id`,
      [params.id, caller.user.id],
    );
    if (updated.length === 0) {
      notFound(`You have no notification ${params.id}.`);
    }
    return { success: true };
  },

  async markAllRead({ caller, db }) {
    await db.query(
      'UPDATE notifications SET read_at = now() WHERE user_id = $1 AND read_at IS NULL',
      [caller.user.id],
    );
    return { success: true };
  },
});
