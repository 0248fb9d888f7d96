import type { Lot } from '@collective/api-client/contract';
import {
  Button,
  ColumnHeadings,
  DataState,
  FactList,
  formatDate,
  PlainTable,
  queryState,
  VisuallyHidden,
} from '@collective/ui';
import { Link } from 'react-router-dom';
import { useLot } from '../../data/eol';
import { useHeadingFocus } from '../../data/shipments';
import { MATERIAL_NAMES } from '../operations-fields';
import styles from '../shipment-tracking/shipment-tracking.module.css';
import { LotSteps, OUTCOME_LABELS } from './lot-forms';

/** Where a lot is, in words. */
export const LOT_STATUS_LABELS: Readonly<Record<Lot['status'], string>> = {
  open: 'Open (at the warehouse)',
  shipped: 'Shipped to the processor',
  confirmed: 'Confirmed by the processor',
};

const when = (iso: string | null) => (iso ? formatDate(iso) : '–');

/**
 * One end-of-life lot: its facts, its chain of custody (the shipments it
 * drew from, each linked to its detail), and for those who may write
 * (`canWrite`) its next step; another scope's lot answers 404 and says so.
 */
export function LotView({
  id,
  canWrite,
  onBack,
}: {
  id: number;
  canWrite: boolean;
  onBack: () => void;
}) {
  const lot = useLot(id);
  const heading = useHeadingFocus(lot.status === 'success');
  const data = lot.data;
  return (
    <div className={styles.view}>
      <Button variant="secondary" onClick={onBack}>
        Back to end-of-life processing
      </Button>
      <DataState {...queryState(lot)} loadingText="Loading the lot…">
        {data ? (
          <article className={styles.detail} aria-labelledby={`lot-${id}`}>
            <h2 id={`lot-${id}`} ref={heading} tabIndex={-1}>
              Lot #{id}: {MATERIAL_NAMES[data.lot.material]},{' '}
              {data.lot.member_name}
            </h2>
            <FactList>
              <dt>Status</dt>
              <dd>{LOT_STATUS_LABELS[data.lot.status]}</dd>
              <dt>Weight</dt>
              <dd>{data.lot.weight_kg} kg</dd>
              <dt>Processor</dt>
              <dd>{data.lot.processor}</dd>
              <dt>Made</dt>
              <dd>{when(data.lot.created_at)}</dd>
              <dt>Shipped</dt>
              <dd>{when(data.lot.shipped_at)}</dd>
              <dt>Confirmed</dt>
              <dd>
                {data.lot.outcome
                  ? `${when(data.lot.confirmed_at)}: ${OUTCOME_LABELS[data.lot.outcome]}, ${data.lot.confirmed_weight_kg ?? '–'} kg, certificate ${data.lot.certificate_ref ?? '–'}`
                  : '–'}
              </dd>
            </FactList>
            <section aria-labelledby={`custody-${id}`}>
              <h3 id={`custody-${id}`}>Chain of custody</h3>
              <PlainTable>
                <caption>
                  <VisuallyHidden>
                    The shipments the lot drew from, oldest receipt first
                  </VisuallyHidden>
                </caption>
                <ColumnHeadings
                  names={['Shipment', 'Store', 'Received', 'Drawn']}
                />
                <tbody>
                  {data.sources.map((source) => (
                    <tr key={source.shipment_id}>
                      <th scope="row">
                        <Link
                          to={`/shipment-tracking?shipment=${source.shipment_id}`}
                        >
                          {source.tracking_number}
                        </Link>
                      </th>
                      <td>{source.store_name}</td>
                      <td>{when(source.received_at)}</td>
                      <td>{source.weight_kg} kg</td>
                    </tr>
                  ))}
                </tbody>
              </PlainTable>
            </section>
            {canWrite ? (
              <LotSteps
                lot={data.lot}
                onReload={async () => (await lot.refetch()).data}
              />
            ) : (
              <p>Only collective admins make, ship and confirm lots.</p>
            )}
          </article>
        ) : null}
      </DataState>
    </div>
  );
}
