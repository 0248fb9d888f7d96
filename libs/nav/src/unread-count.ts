import type { FailureLogMeta } from '@collective/tenancy';

/** How often the unread count is polled while signed in and visible (specification §9). */
export const UNREAD_POLL_INTERVAL_MS = 30_000;

/** Logged, with no message to the user, when the unread count fails (specification §8). */
export const UNREAD_COUNT_FAILURE =
  'Could not load the unread notification count.';

/**
 * The input of the unread count's call, `endpoints.unreadCount`:
 * GET /api/notifications?unread=true.
 */
export const UNREAD_COUNT_INPUT = { query: { unread: 'true' } } as const;

/**
 * How the unread count is read (decisions D7), besides its key: polled
 * every 30 s only while the page is visible, fetched at once when it
 * becomes visible again, a failure only logged, and the number as `data`.
 * Its key is the `notifications` resource's in the user's scope (the entry
 * is not scoped: the count is the user's own, whatever member is chosen),
 * shared with the notifications screen, so a write of either refreshes
 * both. Polling stops with the query: at logout the shell unmounts and the
 * cache is cleared.
 */
export const UNREAD_COUNT_QUERY_OPTIONS = {
  refetchInterval: UNREAD_POLL_INTERVAL_MS,
  refetchIntervalInBackground: false,
  refetchOnWindowFocus: 'always',
  meta: { failureLog: UNREAD_COUNT_FAILURE } satisfies FailureLogMeta,
  select: (answer: { unread_count: number }): number => answer.unread_count,
} as const;
