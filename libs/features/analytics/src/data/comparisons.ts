import {
  comparisonEndpoints,
  type ComparisonSort,
} from '@collective/api-client/contract';
import { useScopedQuery } from '@collective/tenancy/react';

/**
 * The members side by side over `period` (a year `2026`, a month
 * `2026-03`, or the last 12 months when absent), in `sort` order
 * (GET /api/member-comparisons). The scope is in the query key: a brand
 * user's answer is their own member's, decided by the server.
 */
export function useMemberComparisons(
  period: string | undefined,
  sort: ComparisonSort | undefined,
) {
  return useScopedQuery(
    comparisonEndpoints.memberComparisons,
    { query: { period, sort } },
    { keepPreviousWhileChanging: ['sort'] },
  );
}

/** The averages and medians of the scope over `period` (GET /api/average-metrics). */
export function useAverageMetrics(period: string | undefined) {
  return useScopedQuery(comparisonEndpoints.averageMetrics, {
    query: { period },
  });
}
