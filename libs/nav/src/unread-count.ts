import type { ApiClient } from '@collective/api-client';
import {
  scopedQueryKey,
  type DataScope,
  type FailureLogMeta,
} from '@collective/tenancy';

/** How often the unread count is polled while signed in and visible (specification §9). */
export const UNREAD_POLL_INTERVAL_MS = 30_000;

/** Logged, with no message to the user, when the unread count fails (specification §8). */
export const UNREAD_COUNT_FAILURE =
  'Could not load the unread notification count.';

/**
 * Query options of the unread notification count (decisions D7): keyed by
 * the user's scope (the count is the user's own, whatever member is
 * chosen), polled every 30 s only while the page is visible, fetched at
 * once when it becomes visible again, a failure only logged. Polling stops
 * with the query: at logout the shell unmounts and the cache is cleared.
 */
export function unreadCountQueryOptions(
  api: Pick<ApiClient, 'notifications'>,
  userScope: DataScope,
) {
  return {
    queryKey: scopedQueryKey(userScope, 'notifications', 'unread-count'),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      api.notifications.unreadCount({ signal }),
    refetchInterval: UNREAD_POLL_INTERVAL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: 'always' as const,
    meta: { failureLog: UNREAD_COUNT_FAILURE } satisfies FailureLogMeta,
  };
}
