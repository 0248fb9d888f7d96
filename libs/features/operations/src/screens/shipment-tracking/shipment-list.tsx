import {
  SHIPMENT_CHANNELS,
  SHIPMENT_FLAG_LABELS,
  SHIPMENT_FLAGS,
  SHIPMENT_SORTS,
  SHIPMENT_STATUS_LABELS,
  SHIPMENT_STATUSES,
  type ShipmentRow,
} from '@collective/api-client/contract';
import {
  apiSort,
  ExportButton,
  FilterBar,
  formatDate,
  formatNumber,
  formatWeight,
  labelledFilter,
  LIST_PERIODS,
  ListTable,
  noMatchText,
  periodStart,
  periodValues,
  STANDARD_PAGING,
  statusFilter,
  type DataTableColumn,
  type ListPeriod,
  type ListSpec,
} from '@collective/ui';
import { ListViews } from '@collective/nav/react';
import { Link, useSearchParams } from 'react-router-dom';
import { useListParams } from '@collective/ui';
import {
  useShipments,
  useShipmentsExportUrl,
  type ShipmentsView,
} from '../../data/shipments';
import styles from './shipment-tracking.module.css';

/** Periods the list may be limited to, by days back from today. */
const PERIODS: readonly ListPeriod[] = [
  LIST_PERIODS['7d'],
  LIST_PERIODS['30d'],
  LIST_PERIODS['90d'],
  LIST_PERIODS['365d'],
];

/** What the list accepts from its URL. */
export const SHIPMENT_LIST: ListSpec = {
  sortable: ['shipped_at', 'tracking_number', 'status'],
  defaultSort: { id: 'shipped_at', desc: true },
  ...STANDARD_PAGING,
  filters: {
    search: 'text',
    status: SHIPMENT_STATUSES,
    channel: SHIPMENT_CHANNELS,
    flag: SHIPMENT_FLAGS,
    period: periodValues(PERIODS),
  },
};

const CHANNEL_LABELS = {
  'in-store': 'In-store bin',
  kiosk: 'Kiosk',
  'mail-back': 'Mail-back',
} as const;

/** A shipment's status with its flags, in words. */
export function StatusWithFlags({
  status,
  flags,
}: Pick<ShipmentRow, 'status' | 'flags'>) {
  return (
    <>
      {SHIPMENT_STATUS_LABELS[status]}
      {flags.map((flag) => (
        <span key={flag} className={styles.flag}>
          {SHIPMENT_FLAG_LABELS[flag]}
        </span>
      ))}
    </>
  );
}

function columns(showMember: boolean): DataTableColumn<ShipmentRow>[] {
  return [
    {
      id: 'tracking_number',
      header: 'Tracking number',
      rowHeader: true,
      rowLink: true,
      sortable: true,
      cell: (row) => (
        <Link to={`?shipment=${row.id}`} state={{ fromList: true }}>
          {row.tracking_number}
        </Link>
      ),
    },
    { id: 'store', header: 'Store', cell: (row) => row.store_name },
    ...(showMember
      ? [
          {
            id: 'member',
            header: 'Member',
            cell: (row: ShipmentRow) => row.member_name,
          },
        ]
      : []),
    {
      id: 'channel',
      header: 'Channel',
      cell: (row) => CHANNEL_LABELS[row.channel],
      hideable: true,
    },
    {
      id: 'status',
      header: 'Status',
      sortable: true,
      cell: (row) => <StatusWithFlags status={row.status} flags={row.flags} />,
    },
    {
      id: 'shipped_at',
      header: 'Shipped',
      sortable: true,
      sortDescFirst: true,
      cell: (row) => formatDate(row.shipped_at),
    },
    {
      id: 'net_kg',
      header: 'Net received',
      align: 'end',
      cell: (row) => (row.net_kg === null ? '–' : formatWeight(row.net_kg)),
    },
  ];
}

/**
 * The shipments of the data scope: search by tracking number, store or
 * member; filters by status, channel, flag and period; sortable columns,
 * pages, saved views and a CSV export of every matching shipment.
 */
export function ShipmentList({ showMember }: { showMember: boolean }) {
  const list = useListParams(SHIPMENT_LIST, useSearchParams());
  const { state } = list;
  const view: ShipmentsView = {
    search: state.filters['search'] ?? '',
    status: state.filters['status'] as ShipmentsView['status'],
    channel: state.filters['channel'] as ShipmentsView['channel'],
    flag: state.filters['flag'] as ShipmentsView['flag'],
    from: periodStart(PERIODS, state.filters['period'], Date.now()),
    sort: apiSort(state.sort, SHIPMENT_SORTS),
    page: state.page,
    pageSize: state.pageSize,
  };
  const answer = useShipments(view);
  const exportUrl = useShipmentsExportUrl(view);
  const page = answer.data;
  return (
    <div className={styles.view}>
      <div className={styles.toolbar}>
        <ListViews list="shipments" spec={SHIPMENT_LIST} params={list} />
        <ExportButton
          label="Export CSV"
          getDownloadUrl={exportUrl}
          fileName="shipments.csv"
        />
      </div>
      <FilterBar
        label="Filter shipments"
        list={list}
        search={{
          label: 'Search shipments',
          placeholder: 'Tracking number, store or member',
        }}
        selects={[
          statusFilter(SHIPMENT_STATUSES, SHIPMENT_STATUS_LABELS),
          labelledFilter(
            { key: 'channel', label: 'Channel', allLabel: 'Any channel' },
            SHIPMENT_CHANNELS,
            CHANNEL_LABELS,
          ),
          labelledFilter(
            {
              key: 'flag',
              label: 'Needs attention',
              allLabel: 'All shipments',
            },
            SHIPMENT_FLAGS,
            SHIPMENT_FLAG_LABELS,
          ),
          {
            key: 'period',
            label: 'Shipped',
            allLabel: 'Any time',
            options: PERIODS,
          },
        ]}
      />
      <ListTable
        caption={
          page
            ? `${formatNumber(page.total)} shipments${page.scope.member_name ? ` of ${page.scope.member_name}` : ''}`
            : 'Shipments'
        }
        columns={columns(showMember)}
        rows={page?.shipments}
        list={list}
        spec={SHIPMENT_LIST}
        answer={answer}
        emptyText={noMatchText('shipment', view.search)}
      />
    </div>
  );
}
