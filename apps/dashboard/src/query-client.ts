import { QueryClient } from '@tanstack/react-query';

/** Data stays fresh for 5 minutes (specification §9). */
export const QUERY_STALE_TIME_MS = 5 * 60_000;
/** Unused data stays cached for 10 minutes (specification §9). */
export const QUERY_GC_TIME_MS = 10 * 60_000;

/**
 * The query client with the specification's defaults: fresh 5 min, cached
 * 10 min, one retry for queries and mutations, no refetch on window focus.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
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
