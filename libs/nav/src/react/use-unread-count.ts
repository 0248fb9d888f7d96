import { shellEndpoints } from '@collective/api-client/contract';
import { useScopedQuery } from '@collective/tenancy/react';
import {
  UNREAD_COUNT_INPUT,
  UNREAD_COUNT_QUERY_OPTIONS,
} from '../unread-count';

/**
 * The signed-in user's unread notification count, polled every 30 s while
 * the page is visible (decisions D7); 0 until known. The header bell and the
 * mobile sheet share the one query. It reads only `data`, so a poll that
 * returns the same count re-renders nothing.
 */
export function useUnreadCount(): number {
  return (
    useScopedQuery(
      shellEndpoints.unreadCount,
      UNREAD_COUNT_INPUT,
      UNREAD_COUNT_QUERY_OPTIONS,
    ).data ?? 0
  );
}
