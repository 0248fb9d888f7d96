import type { Platform } from '@collective/platform';
import {
  focusManager,
  onlineManager,
  QueryCache,
  QueryClient,
} from '@tanstack/query-core';

/** Data stays fresh for 5 minutes (specification §9). */
export const QUERY_STALE_TIME_MS = 5 * 60_000;
/** Unused data stays cached for 10 minutes (specification §9). */
export const QUERY_GC_TIME_MS = 10 * 60_000;

/**
 * The `meta` a query sets when its final failure is only to be logged, with
 * no message to the user (specification §8: the member list, the unread
 * count): `meta: { failureLog: 'Could not load …' }`.
 */
export interface FailureLogMeta {
  failureLog?: string;
}

/** Settings of {@link createQueryClient}. */
export interface QueryClientOptions {
  /** Where the final failure of a query with `meta.failureLog` is logged. */
  log?: (message: string, error: unknown) => void;
  /**
   * The page's visibility and network state. TanStack Query then pauses
   * polling while the page is hidden, refetches what asks for it when the
   * page shows again, and pauses and resumes queries with the network.
   */
  platform?: Pick<
    Platform,
    'isVisible' | 'onVisibilityChange' | 'isOnline' | 'onOnlineChange'
  >;
}

/**
 * The query client with the specification's defaults (§9): fresh 5 min,
 * cached 10 min, one retry for queries and mutations, no refetch on window
 * focus. A query whose `meta.failureLog` is set logs that text once when it
 * finally fails (after its retry), and nothing else.
 */
export function createQueryClient(
  options: QueryClientOptions = {},
): QueryClient {
  const log =
    options.log ?? ((message, error) => console.error(message, error));
  const { platform } = options;
  if (platform) {
    // TanStack's managers are page-wide; the page has one shell.
    focusManager.setEventListener((setFocused) => {
      setFocused(platform.isVisible());
      return platform.onVisibilityChange(setFocused);
    });
    onlineManager.setEventListener((setOnline) => {
      setOnline(platform.isOnline());
      return platform.onOnlineChange(setOnline);
    });
  }
  return new QueryClient({
    queryCache: new QueryCache({
      onError(error, query) {
        const text = (query.meta as FailureLogMeta | undefined)?.failureLog;
        if (text) log(text, error);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_TIME_MS,
        gcTime: QUERY_GC_TIME_MS,
        retry: 1,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: 1 },
    },
  });
}
