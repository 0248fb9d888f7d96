import {
  MATERIALS,
  SHIPMENT_STATUS_LABELS,
} from '@collective/api-client/contract';
import {
  Button,
  DataState,
  formatDate,
  formatMonth,
  formatNumber,
  formatPercent,
  formatWeight,
  PlainTable,
  StackedBarChart,
} from '@collective/ui';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { useStore } from '../../data/stores';
import styles from './stores-analytics.module.css';

const MATERIAL_NAMES = Object.fromEntries(
  MATERIALS.map((m) => [m.code, m.label]),
);

/** Props of {@link StoreDetail}. */
export interface StoreDetailProps {
  id: number;
  /** Back to the list, as it was. */
  onBack: () => void;
}

/**
 * One store of the scope (specification §2: the detail view with a back
 * action): its figures, its monthly weight, its material split and its
 * latest shipments. A store outside the scope answers 404 and says so.
 */
export function StoreDetail({ id, onBack }: StoreDetailProps) {
  const store = useStore(id);
  const heading = useRef<HTMLHeadingElement>(null);
  const data = store.data;
  useEffect(() => {
    // Moving focus to the new view's heading tells screen-reader users where they are.
    if (data) heading.current?.focus();
  }, [data]);
  const total = data?.materials.reduce((sum, m) => sum + m.weight_kg, 0) ?? 0;
  const missing =
    store.error && 'status' in store.error && store.error.status === 404;
  return (
    <div className={styles.view}>
      <div>
        <Button variant="secondary" onClick={onBack}>
          ← Back to the stores
        </Button>
      </div>
      <DataState
        status={store.status}
        error={
          missing
            ? { message: 'This store does not exist, or is not in your scope.' }
            : store.error
        }
        onRetry={missing ? undefined : () => void store.refetch()}
        loadingText="Loading the store…"
      >
        {data ? (
          <article aria-labelledby="store-name" className={styles.detail}>
            <h2
              id="store-name"
              ref={heading}
              tabIndex={-1}
              className={styles.name}
            >
              {data.store.name}
            </h2>
            <dl className={styles.facts}>
              <div>
                <dt>Member</dt>
                <dd>{data.store.member_name}</dd>
              </div>
              <div>
                <dt>Place</dt>
                <dd>
                  {data.store.city}, {data.store.region}
                </dd>
              </div>
              <div>
                <dt>Collects by</dt>
                <dd>
                  {data.store.channel === 'kiosk' ? 'Kiosk' : 'In-store bin'}
                </dd>
              </div>
              <div>
                <dt>Last 12 months</dt>
                <dd>{formatWeight(data.store.weight_kg_12m)}</dd>
              </div>
              <div>
                <dt>Shipments, last 12 months</dt>
                <dd>{formatNumber(data.store.shipments_12m)}</dd>
              </div>
            </dl>
            <StackedBarChart
              title="Weight collected per month"
              barHeading="Month"
              series={[{ key: 'weight', label: 'Weight' }]}
              bars={data.monthly.map((m) => ({
                label: formatMonth(m.month, undefined, true),
                values: { weight: m.weight_kg },
              }))}
              formatValue={formatWeight}
            />
            <section aria-labelledby="materials">
              <h3 id="materials">Materials, last 12 months</h3>
              <ul className={styles.materials}>
                {data.materials.map((m) => (
                  <li key={m.material}>
                    {MATERIAL_NAMES[m.material]}: {formatWeight(m.weight_kg)} (
                    {formatPercent(total ? m.weight_kg / total : 0)})
                  </li>
                ))}
              </ul>
            </section>
            <section aria-labelledby="shipments">
              <h3 id="shipments">Latest shipments</h3>
              {data.recent_shipments.length === 0 ? (
                <p>No shipments yet.</p>
              ) : (
                <PlainTable className={styles.table}>
                  <thead>
                    <tr>
                      <th scope="col">Shipped</th>
                      <th scope="col">Tracking number</th>
                      <th scope="col">Status</th>
                      <th scope="col" className={styles.number}>
                        Units
                      </th>
                      <th scope="col" className={styles.number}>
                        Weight
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.recent_shipments.map((s) => (
                      <tr key={s.id}>
                        <th scope="row">{formatDate(s.shipped_at)}</th>
                        <td>
                          <Link to={`/shipment-tracking?shipment=${s.id}`}>
                            {s.tracking_number}
                          </Link>
                        </td>
                        <td>{SHIPMENT_STATUS_LABELS[s.status]}</td>
                        <td className={styles.number}>
                          {formatNumber(s.units)}
                        </td>
                        <td className={styles.number}>
                          {s.weight_kg === null
                            ? 'Not received yet'
                            : formatWeight(s.weight_kg)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </PlainTable>
              )}
            </section>
          </article>
        ) : null}
      </DataState>
    </div>
  );
}
