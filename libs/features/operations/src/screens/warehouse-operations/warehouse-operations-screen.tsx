import {
  SHIPMENT_FLAG_LABELS,
  type ShipmentRow,
} from '@collective/api-client/contract';
import { ScreenFrame, useChosenRecord } from '@collective/nav/react';
import { useTenancy } from '@collective/tenancy/react';
import {
  Button,
  DataState,
  Figures,
  formatDate,
  formatNumber,
  formatWeight,
  ListTable,
  Panel,
  queryState,
  STANDARD_PAGING,
  useListParams,
  type DataTableColumn,
  type ListSpec,
} from '@collective/ui';
import { Link, useSearchParams } from 'react-router-dom';
import {
  useReceivingQueue,
  useShipmentShown,
  useWarehouseSummary,
} from '../../data/shipments';
import styles from '../shipment-tracking/shipment-tracking.module.css';
import { Sorting, WeighIn } from './warehouse-forms';

const QUEUE: ListSpec = {
  sortable: [],
  ...STANDARD_PAGING,
};

const COLUMNS: readonly DataTableColumn<ShipmentRow>[] = [
  {
    id: 'tracking_number',
    header: 'Tracking number',
    rowHeader: true,
    rowLink: true,
    cell: (row) => (
      <Link to={`?shipment=${row.id}`}>{row.tracking_number}</Link>
    ),
  },
  { id: 'store', header: 'Store', cell: (row) => row.store_name },
  { id: 'member', header: 'Member', cell: (row) => row.member_name },
  {
    id: 'delivered_at',
    header: 'Delivered',
    cell: (row) => (
      <>
        {row.delivered_at ? formatDate(row.delivered_at) : '–'}
        {row.flags.map((flag) => (
          <span key={flag} className={styles.flag}>
            {SHIPMENT_FLAG_LABELS[flag]}
          </span>
        ))}
      </>
    ),
  },
  {
    id: 'declared',
    header: 'Declared',
    align: 'end',
    cell: (row) =>
      row.declared_weight_kg === null
        ? '–'
        : formatWeight(row.declared_weight_kg),
  },
];

/** Today's throughput and the backlog, as a list of figures. */
function Summary() {
  const summary = useWarehouseSummary();
  return (
    <Panel title="Today and the backlog">
      <DataState {...queryState(summary)} loadingText="Loading the figures…">
        {summary.data ? (
          <Figures
            figures={[
              {
                term: 'Received today',
                value: `${formatNumber(summary.data.today.received)} shipments, ${formatWeight(summary.data.today.received_kg)}`,
              },
              {
                term: 'Sorted today',
                value: formatWeight(summary.data.today.sorted_kg),
              },
              {
                term: 'To receive',
                value: `${formatNumber(summary.data.backlog.to_receive)} shipments (${formatNumber(summary.data.backlog.to_receive_late)} waiting over 3 days)`,
              },
              {
                term: 'To sort',
                value: `${formatNumber(summary.data.backlog.to_sort)} shipments, ${formatWeight(summary.data.backlog.to_sort_kg)}`,
              },
            ]}
          />
        ) : null}
      </DataState>
    </Panel>
  );
}

/** One shipment at the warehouse: its receipt and lines, and the forms a collective admin uses. */
function AtTheScale({ id, onBack }: { id: number; onBack: () => void }) {
  const { shipment, heading } = useShipmentShown(id);
  const { access } = useTenancy();
  const data = shipment.data;
  const reload = () => void shipment.refetch();
  return (
    <div className={styles.view}>
      <Button variant="secondary" onClick={onBack}>
        Back to the queue
      </Button>
      <DataState {...queryState(shipment)} loadingText="Loading the shipment…">
        {data ? (
          <article className={styles.detail} aria-labelledby={`scale-${id}`}>
            <h2 id={`scale-${id}`} ref={heading} tabIndex={-1}>
              Shipment {data.shipment.tracking_number}
            </h2>
            <p>
              {data.shipment.store_name}, {data.shipment.member_name}. Declared{' '}
              {data.shipment.declared_weight_kg ?? '–'} kg by the sender (not
              counted).{' '}
              <Link to={`/shipment-tracking?shipment=${id}`}>Its timeline</Link>
            </p>
            {data.receipt ? (
              <p>
                Net received {data.receipt.net_kg} kg, sorted{' '}
                {data.receipt.sorted_kg} kg, residue {data.receipt.residue_kg}{' '}
                kg.
              </p>
            ) : null}
            {access.isCollectiveAdmin ? (
              <div className={styles.corrections}>
                {['in_transit', 'delivered', 'received', 'sorted'].includes(
                  data.shipment.status,
                ) ? (
                  <WeighIn
                    key={`weigh-${data.receipt?.version ?? 0}`}
                    shipment={data}
                    onReload={reload}
                  />
                ) : null}
                {data.receipt ? (
                  <Sorting
                    key={`sort-${data.receipt.version}`}
                    shipment={{ ...data, receipt: data.receipt }}
                    onReload={reload}
                  />
                ) : null}
              </div>
            ) : (
              <p>Only collective admins record receipts and sorting.</p>
            )}
          </article>
        ) : null}
      </DataState>
    </div>
  );
}

/**
 * Warehouse Operations (decisions D14; flag warehouseOperations): today's
 * throughput and the backlog, the receiving queue (delivered, not yet
 * received, oldest first), and for a chosen shipment the weigh-in, the
 * sorting into material lines and their corrections — written by
 * collective admins, read by brand admins for their member.
 */
export default function WarehouseOperationsScreen() {
  const list = useListParams(QUEUE, useSearchParams());
  const { id: chosen, back } = useChosenRecord('shipment');
  const queue = useReceivingQueue(list.state.page, list.state.pageSize);
  const page = queue.data;
  return (
    <ScreenFrame>
      {chosen !== null ? (
        <AtTheScale key={chosen} id={chosen} onBack={back} />
      ) : (
        <div className={styles.view}>
          <Summary />
          <ListTable
            caption={
              page
                ? `Receiving queue: ${formatNumber(page.total)} shipments delivered, not yet received`
                : 'Receiving queue'
            }
            columns={COLUMNS}
            rows={page?.shipments}
            list={list}
            spec={QUEUE}
            answer={queue}
            emptyText="Nothing is waiting to be received."
          />
        </div>
      )}
    </ScreenFrame>
  );
}
