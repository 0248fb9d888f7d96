import type { Notification } from '@collective/api-client';
import { shellEndpoints } from '@collective/api-client/contract';
import type { OptimisticCache } from '@collective/tenancy';
import { useScopedMutation, useScopedQuery } from '@collective/tenancy/react';

const listOf = (answer: { notifications: Notification[] }) =>
  answer.notifications;

/**
 * The user's notifications, unread first, newest first: the `notifications`
 * resource in the user's scope, as the bell's unread count, so a write of
 * one refreshes both.
 */
export function useNotifications() {
  return useScopedQuery(shellEndpoints.notifications, {}, { select: listOf });
}

/**
 * Shows one notification read (`id`), or all (`null`), before the server
 * answers: in the list and in the unread count (the bell and the sheet's
 * badge), if they are loaded.
 */
function showRead(cache: OptimisticCache, id: number | null): void {
  const now = new Date().toISOString();
  const [list] = cache.update(shellEndpoints.notifications, (answer) => ({
    ...answer,
    notifications: answer.notifications.map((n) =>
      n.read_at === null && (id === null || n.id === id)
        ? { ...n, read_at: now }
        : n,
    ),
  }));
  if (list)
    cache.update(shellEndpoints.unreadCount, (answer) => ({
      ...answer,
      unread_count: list.notifications.filter((n) => n.read_at === null).length,
    }));
}

/**
 * Marks one notification read (`mutate({ params: { id } })`). The list and
 * the unread count change at once, are put back if the server refuses, and
 * are fetched again after.
 */
export function useMarkRead() {
  return useScopedMutation(shellEndpoints.markRead, {
    optimistic: (cache, { params }) => showRead(cache, Number(params.id)),
  });
}

/** Marks every notification read (`mutate()`), as {@link useMarkRead} does one. */
export function useMarkAllRead() {
  return useScopedMutation(shellEndpoints.markAllRead, {
    optimistic: (cache) => showRead(cache, null),
  });
}
