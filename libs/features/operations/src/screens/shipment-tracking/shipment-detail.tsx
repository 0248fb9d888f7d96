import {
  SHIPMENT_STATUS_LABELS,
  type ShipmentDetail as Detail,
} from '@collective/api-client/contract';
import { useTenancy } from '@collective/tenancy/react';
import {
  Button,
  ColumnHeadings,
  DataState,
  FactList,
  formatDate,
  formatWeight,
  queryState,
  VisuallyHidden,
} from '@collective/ui';
import { useShipmentShown } from '../../data/shipments';
import { MATERIAL_NAMES } from '../operations-fields';
import { StatusWithFlags } from './shipment-list';
import { ShipmentCorrections } from './shipment-corrections';
import styles from './shipment-tracking.module.css';

/** Words for the timeline's kinds that are not statuses. */
const EVENT_LABELS: Readonly<Record<string, string>> = {
  ...SHIPMENT_STATUS_LABELS,
  origin_corrected: 'Origin corrected',
  receipt_corrected: 'Receipt corrected',
};

const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  }) + ' UTC';

/** A scale's reading: below a tonne with its decimals (a parcel of 1.4 kg is not "1 kg"). */
const scaleWeight = (kg: number) => formatWeight(kg, undefined, 2);

function Receipt({ receipt }: { receipt: NonNullable<Detail['receipt']> }) {
  return (
    <FactList>
      <dt>Gross</dt>
      <dd>{scaleWeight(receipt.gross_kg)}</dd>
      <dt>Tare</dt>
      <dd>{scaleWeight(receipt.tare_kg)}</dd>
      <dt>Net received</dt>
      <dd>{scaleWeight(receipt.net_kg)}</dd>
      <dt>Contamination</dt>
      <dd>{scaleWeight(receipt.contamination_kg)}</dd>
      <dt>Sorted</dt>
      <dd>{scaleWeight(receipt.sorted_kg)}</dd>
      <dt>Residue</dt>
      <dd>{scaleWeight(receipt.residue_kg)}</dd>
      <dt>Scale</dt>
      <dd>{receipt.scale_id}</dd>
      <dt>Weighed by</dt>
      <dd>{receipt.received_by}</dd>
    </FactList>
  );
}

/**
 * One shipment: where it came from, its status and flags, its timeline,
 * and once received its receipt and material lines with the lots each
 * went into; collective admins may record an exception or correct its
 * origin. Another member's shipment answers 404 and says so.
 */
export function ShipmentDetail({
  id,
  onBack,
}: {
  id: number;
  onBack: () => void;
}) {
  const { shipment, heading } = useShipmentShown(id);
  const { access } = useTenancy();
  const data = shipment.data;
  return (
    <div className={styles.view}>
      <Button variant="secondary" onClick={onBack}>
        Back to shipments
      </Button>
      <DataState {...queryState(shipment)} loadingText="Loading the shipment…">
        {data ? (
          <article className={styles.detail} aria-labelledby={`shipment-${id}`}>
            <h2 id={`shipment-${id}`} ref={heading} tabIndex={-1}>
              Shipment {data.shipment.tracking_number}
            </h2>
            <FactList>
              <dt>Status</dt>
              <dd>
                <StatusWithFlags
                  status={data.shipment.status}
                  flags={data.shipment.flags}
                />
                {data.shipment.exception ? ` (${data.shipment.exception})` : ''}
              </dd>
              <dt>From</dt>
              <dd>
                {[data.shipment.store_name, data.shipment.store_city]
                  .filter(Boolean)
                  .join(', ')}
              </dd>
              <dt>Member</dt>
              <dd>{data.shipment.member_name}</dd>
              <dt>Shipped</dt>
              <dd>{formatDate(data.shipment.shipped_at)}</dd>
              <dt>Declared by the sender</dt>
              <dd>
                {data.shipment.declared_weight_kg === null
                  ? '–'
                  : formatWeight(data.shipment.declared_weight_kg)}
              </dd>
            </FactList>
            <section aria-labelledby={`timeline-${id}`}>
              <h3 id={`timeline-${id}`}>Timeline</h3>
              <ol className={styles.timeline}>
                {data.events.map((event) => (
                  <li key={event.id}>
                    <strong>{EVENT_LABELS[event.kind] ?? event.kind}</strong>{' '}
                    <time dateTime={event.at}>{dateTime(event.at)}</time>
                    {event.note ? <span> — {event.note}</span> : null}
                    {event.actor_name ? (
                      <span> ({event.actor_name})</span>
                    ) : null}
                  </li>
                ))}
              </ol>
            </section>
            {data.receipt ? (
              <section aria-labelledby={`receipt-${id}`}>
                <h3 id={`receipt-${id}`}>Receipt</h3>
                <Receipt receipt={data.receipt} />
              </section>
            ) : null}
            {data.lines.length > 0 ? (
              <section aria-labelledby={`lines-${id}`}>
                <h3 id={`lines-${id}`}>Material lines</h3>
                <table className={styles.lines}>
                  <caption>
                    <VisuallyHidden>
                      Sorted weight per material, in end-of-life lots and on
                      hand
                    </VisuallyHidden>
                  </caption>
                  <ColumnHeadings
                    names={['Material', 'Sorted', 'In lots', 'On hand', 'Lots']}
                  />
                  <tbody>
                    {data.lines.map((line) => (
                      <tr key={line.material}>
                        <th scope="row">
                          {MATERIAL_NAMES[line.material] ?? line.material}
                        </th>
                        <td>{formatWeight(line.weight_kg)}</td>
                        <td>{formatWeight(line.in_lots_kg)}</td>
                        <td>{formatWeight(line.on_hand_kg)}</td>
                        <td>
                          {line.lot_ids.length > 0
                            ? line.lot_ids.map((lot) => `#${lot}`).join(', ')
                            : '–'}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </section>
            ) : null}
            {access.isCollectiveAdmin ? (
              <ShipmentCorrections
                shipment={data}
                onReload={() => void shipment.refetch()}
              />
            ) : null}
          </article>
        ) : null}
      </DataState>
    </div>
  );
}
