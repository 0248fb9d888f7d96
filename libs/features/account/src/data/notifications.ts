import type { ApiClient, Notification } from '@collective/api-client';
import { useApi } from '@collective/auth/react';
import { scopedQueryKey, type DataScope } from '@collective/tenancy';
import { useTenancy } from '@collective/tenancy/react';
import { unreadCountQueryOptions } from '@collective/nav';
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';

/**
 * Query options of the user's notifications: keyed by the user's scope (the
 * list is the user's own, whatever member is chosen), under the same
 * `notifications` key as the unread count, so one invalidation refreshes both.
 */
export function notificationsQueryOptions(
  api: Pick<ApiClient, 'notifications'>,
  userScope: DataScope,
) {
  return queryOptions({
    queryKey: scopedQueryKey(userScope, 'notifications', 'list'),
    queryFn: ({ signal }) => api.notifications.list({ signal }),
  });
}

/** The user's notifications, unread first, newest first. */
export function useNotifications() {
  const { userScope } = useTenancy();
  return useQuery(notificationsQueryOptions(useApi(), userScope));
}

/**
 * Marks one notification read, or all (`id` null). The list and the unread
 * count (the bell and the sheet's badge) change at once, before the server
 * answers, and are put back if it refuses; both are fetched again after.
 */
export function useMarkRead() {
  const api = useApi();
  const { userScope } = useTenancy();
  const client = useQueryClient();
  const list = notificationsQueryOptions(api, userScope).queryKey;
  const count = unreadCountQueryOptions(api, userScope).queryKey;
  return useMutation({
    mutationFn: (id: number | null) =>
      id === null
        ? api.notifications.markAllRead()
        : api.notifications.markRead(id),
    onMutate: async (id) => {
      await client.cancelQueries({ queryKey: list });
      await client.cancelQueries({ queryKey: count });
      const before = {
        list: client.getQueryData<Notification[]>(list),
        count: client.getQueryData<number>(count),
      };
      const now = new Date().toISOString();
      const read = (n: Notification) =>
        n.read_at === null && (id === null || n.id === id)
          ? { ...n, read_at: now }
          : n;
      const after = before.list?.map(read);
      if (after) client.setQueryData(list, after);
      if (after && before.count !== undefined)
        client.setQueryData(
          count,
          after.filter((n) => n.read_at === null).length,
        );
      return before;
    },
    onError: (_error, _id, before) => {
      if (before?.list) client.setQueryData(list, before.list);
      if (before?.count !== undefined) client.setQueryData(count, before.count);
    },
    onSettled: () =>
      client.invalidateQueries({
        queryKey: scopedQueryKey(userScope, 'notifications'),
      }),
  });
}
