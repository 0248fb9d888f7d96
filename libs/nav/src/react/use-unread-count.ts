import { useApi } from '@collective/auth/react';
import { useTenancy } from '@collective/tenancy/react';
import { useQuery } from '@tanstack/react-query';
import { unreadCountQueryOptions } from '../unread-count';

/**
 * The signed-in user's unread notification count, polled every 30 s while
 * the page is visible (decisions D7); 0 until known. The header bell and the
 * mobile sheet share the one query. It reads only `data`, so a poll that
 * returns the same count re-renders nothing.
 */
export function useUnreadCount(): number {
  const { userScope } = useTenancy();
  return useQuery(unreadCountQueryOptions(useApi(), userScope)).data ?? 0;
}
