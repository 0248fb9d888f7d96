import {
  FEED_LABELS,
  FEED_SOURCES,
  INGESTION_LOG_SORTS,
  INGESTION_STATUSES,
  type FeedSource,
  type IngestionLog as LogLine,
  type IngestionStatus,
} from '@collective/api-client/contract';
import {
  apiSort,
  DataTable,
  FilterBar,
  formatDateTime,
  formatNumber,
  listPagination,
  Panel,
  useListParams,
  type DataTableColumn,
  type ListSpec,
} from '@collective/ui';
import { ListViews } from '@collective/nav/react';
import { useSearchParams } from 'react-router-dom';
import {
  useIngestionLog,
  type IngestionLogView,
} from '../../data/data-sources';
import { Tag } from './feed-table';
import styles from './data-sources.module.css';
import { STATUS_LABELS } from './feed-labels';

/** Periods the log may be limited to, by days back from today. */
const PERIOD_DAYS: Readonly<Record<string, number>> = {
  '1d': 1,
  '7d': 7,
  '30d': 30,
  '90d': 90,
};

/** What the log accepts from its URL: feed, status, period, order and page. */
export const LOG_LIST: ListSpec = {
  sortable: ['started_at'],
  defaultSort: { id: 'started_at', desc: true },
  defaultPageSize: 25,
  pageSizes: [25, 50, 100],
  filters: {
    source: FEED_SOURCES,
    status: INGESTION_STATUSES,
    period: Object.keys(PERIOD_DAYS),
  },
};

/** The first day (UTC) of a period of the log, as the API's `from`. */
export function periodStart(
  period: string | undefined,
  now: number,
): string | undefined {
  const days = period === undefined ? undefined : PERIOD_DAYS[period];
  if (days === undefined) return undefined;
  return new Date(now - days * 86_400_000).toISOString().slice(0, 10);
}

function logColumns(showMember: boolean): DataTableColumn<LogLine>[] {
  return [
    {
      id: 'started_at',
      header: 'Started',
      rowHeader: true,
      sortable: true,
      sortDescFirst: true,
      cell: (line) => formatDateTime(line.started_at),
    },
    { id: 'source', header: 'Feed', cell: (line) => FEED_LABELS[line.source] },
    {
      id: 'status',
      header: 'Status',
      cell: (line) => (
        <Tag tone={line.status}>{STATUS_LABELS[line.status]}</Tag>
      ),
    },
    {
      id: 'rows',
      header: 'Rows',
      align: 'end',
      cell: (line) => formatNumber(line.rows),
    },
    ...(showMember
      ? [
          {
            id: 'member',
            header: 'Member',
            hideable: true,
            cell: (line: LogLine) => line.member_name ?? 'The collective',
          },
        ]
      : []),
    {
      id: 'message',
      header: 'Message',
      cell: (line) => <span className={styles.message}>{line.message}</span>,
    },
  ];
}

const NO_LINES: readonly LogLine[] = [];

/**
 * The ingestion log of the data scope: one line per run of a feed, newest
 * first, filtered by feed, status and period, paged by the server, with
 * its state in the URL and saved views of it. The member column only for a scope of the whole
 * collective (one member's scope holds that member's lines only).
 */
export function IngestionLog() {
  const list = useListParams(LOG_LIST, useSearchParams());
  const { state } = list;
  const view: IngestionLogView = {
    source: state.filters['source'] as FeedSource | undefined,
    status: state.filters['status'] as IngestionStatus | undefined,
    from: periodStart(state.filters['period'], Date.now()),
    sort: apiSort(state.sort, INGESTION_LOG_SORTS),
    page: state.page,
    pageSize: state.pageSize,
  };
  const log = useIngestionLog(view);
  const page = log.data;
  return (
    <Panel
      title="Ingestion log"
      headingId="ingestion-log"
      actions={
        <ListViews list="ingestion-logs" spec={LOG_LIST} params={list} />
      }
    >
      <FilterBar
        label="Filter the ingestion log"
        list={list}
        selects={[
          {
            key: 'source',
            label: 'Feed',
            allLabel: 'Every feed',
            options: FEED_SOURCES.map((source) => ({
              value: source,
              label: FEED_LABELS[source],
            })),
          },
          {
            key: 'status',
            label: 'Status',
            allLabel: 'Any status',
            options: INGESTION_STATUSES.map((status) => ({
              value: status,
              label: STATUS_LABELS[status],
            })),
          },
          {
            key: 'period',
            label: 'Started',
            allLabel: 'Any time',
            options: [
              { value: '1d', label: 'Last 24 hours' },
              { value: '7d', label: 'Last 7 days' },
              { value: '30d', label: 'Last 30 days' },
              { value: '90d', label: 'Last 90 days' },
            ],
          },
        ]}
      />
      <DataTable
        caption={
          page
            ? `${formatNumber(page.total)} runs${page.scope.member_name ? ` of ${page.scope.member_name}` : ''}`
            : 'Runs'
        }
        columns={logColumns(page?.scope.member_id === null)}
        rows={page?.ingestion_logs ?? NO_LINES}
        getRowId={(line) => String(line.id)}
        sort={state.sort}
        onSortChange={list.setSort}
        status={log.status}
        isPlaceholder={log.isPlaceholderData}
        error={log.error}
        onRetry={() => void log.refetch()}
        emptyText="No run matches these filters."
        pagination={listPagination(list, LOG_LIST, page?.total)}
      />
    </Panel>
  );
}
