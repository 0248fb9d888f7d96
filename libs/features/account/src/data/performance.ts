import { performanceEndpoints } from '@collective/api-client/contract';
import { useScopedMutation, useScopedQuery } from '@collective/tenancy/react';

/**
 * The scorecards of the data scope for `year` (GET /api/performance): every
 * member's for the whole collective, a brand user's own (the server
 * decides), with the collective median. The year is part of the query key.
 */
export function usePerformance(year: number) {
  return useScopedQuery(performanceEndpoints.performance, {
    query: { year: String(year) },
  });
}

/** Sets a member's targets for a year at the version read (collective admins; 409 when stale). */
export const useSetPerformanceTargets = () =>
  useScopedMutation(performanceEndpoints.setPerformanceTargets);
