import {
  ingestionLogsEndpoints,
  type FeedSource,
  type IngestionLogSort,
  type IngestionStatus,
} from '@collective/api-client/contract';
import { useScopedQuery } from '@collective/tenancy/react';

/**
 * Every feed in the data scope with its cadence, last success and
 * freshness (decisions D17), judged by the server; refreshed every minute
 * while the screen is open, so a feed turning late shows without a reload.
 */
export function useDataSources() {
  return useScopedQuery(
    ingestionLogsEndpoints.dataSources,
    { query: {} },
    { refetchInterval: 60_000 },
  );
}

/** What the ingestion log shows: its filters, order and page. */
export interface IngestionLogView {
  source: FeedSource | undefined;
  status: IngestionStatus | undefined;
  from: string | undefined;
  sort: IngestionLogSort | undefined;
  page: number;
  pageSize: number;
}

/**
 * One page of the ingestion log in scope, filtered by the server; the
 * previous page stays shown (as a placeholder) while another loads.
 */
export function useIngestionLog(view: IngestionLogView) {
  return useScopedQuery(
    ingestionLogsEndpoints.ingestionLogs,
    {
      query: {
        source: view.source,
        status: view.status,
        from: view.from,
        sort: view.sort,
        page: String(view.page),
        page_size: String(view.pageSize),
      },
    },
    {
      keepPreviousWhileChanging: [
        'source',
        'status',
        'from',
        'sort',
        'page',
        'page_size',
      ],
    },
  );
}
