import {
  storeRankingsEndpoints,
  type STORE_RANKING_CHANNELS,
  type STORE_RANKING_REGIONS,
  type StoreRankingMetric,
  type StoreRankingSort,
} from '@collective/api-client/contract';
import { useScopedQuery } from '@collective/tenancy/react';

/** What the store rankings show: the ranking's figure, filters, order and page. */
export interface StoreRankingsView {
  metric: StoreRankingMetric | undefined;
  /** A year `2026` or a month `2026-03`; the last 12 months when absent. */
  period: string | undefined;
  region: (typeof STORE_RANKING_REGIONS)[number] | undefined;
  channel: (typeof STORE_RANKING_CHANNELS)[number] | undefined;
  minActiveDays: string | undefined;
  sort: StoreRankingSort | undefined;
  page: number;
  pageSize: number;
}

/**
 * One page of the ranked stores of the data scope with the collective
 * median (GET /api/store-rankings). While another page of the same ranking
 * loads, the page before stays shown (`isPlaceholderData`); another scope,
 * filter or order never shows the old list.
 */
export function useStoreRankings(view: StoreRankingsView) {
  return useScopedQuery(
    storeRankingsEndpoints.storeRankings,
    {
      query: {
        metric: view.metric,
        period: view.period,
        region: view.region,
        channel: view.channel,
        min_active_days: view.minActiveDays,
        sort: view.sort,
        page: String(view.page),
        page_size: String(view.pageSize),
      },
    },
    { keepPreviousWhileChanging: ['page'] },
  );
}
