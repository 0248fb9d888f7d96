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
  FilterBar,
  formatDateTime,
  formatNumber,
  labelledFilter,
  LIST_PERIODS,
  ListTable,
  noMatchText,
  Panel,
  periodStart,
  periodValues,
  STANDARD_PAGING,
  statusFilter,
  useListParams,
  type ListPeriod,
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
const PERIODS: readonly ListPeriod[] = [
  LIST_PERIODS['1d'],
  LIST_PERIODS['7d'],
  LIST_PERIODS['30d'],
  LIST_PERIODS['90d'],
];

/** What the log accepts from its URL: feed, status, period, order and page. */
export const LOG_LIST: ListSpec = {
  sortable: ['started_at'],
  defaultSort: { id: 'started_at', desc: true },
  ...STANDARD_PAGING,
  filters: {
    source: FEED_SOURCES,
    status: INGESTION_STATUSES,
    period: periodValues(PERIODS),
  },
};

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
    from: periodStart(PERIODS, state.filters['period'], Date.now()),
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
          labelledFilter(
            { key: 'source', label: 'Feed', allLabel: 'Every feed' },
            FEED_SOURCES,
            FEED_LABELS,
          ),
          statusFilter(INGESTION_STATUSES, STATUS_LABELS),
          {
            key: 'period',
            label: 'Started',
            allLabel: 'Any time',
            options: PERIODS,
          },
        ]}
      />
      <ListTable
        caption={
          page
            ? `${formatNumber(page.total)} runs${page.scope.member_name ? ` of ${page.scope.member_name}` : ''}`
            : 'Runs'
        }
        columns={logColumns(page?.scope.member_id === null)}
        rows={page?.ingestion_logs}
        list={list}
        spec={LOG_LIST}
        answer={log}
        emptyText={noMatchText('run')}
      />
    </Panel>
  );
}
