import { MATERIALS } from '@collective/api-client/contract';
import { canOpen } from '@collective/nav';
import { routeAt, ScreenFrame } from '@collective/nav/react';
import { useTenancy } from '@collective/tenancy/react';
import {
  DataState,
  formatMonth,
  formatNumber,
  formatPercent,
  formatWeight,
  StackedBarChart,
} from '@collective/ui';
import { Link } from 'react-router-dom';
import { useDashboardSummary } from '../data/dashboard-summary';
import styles from './dashboard-screen.module.css';

const SERIES = MATERIALS.map((m) => ({ key: m.code, label: m.label }));

/**
 * The program dashboard: the KPIs of the data scope, the monthly weight by
 * material (a chart with a table of the same figures), and the stores that
 * collected most, each linking to its detail when the user may open Store
 * Analytics (the route table decides, as for the menus).
 */
export default function DashboardScreen() {
  const summary = useDashboardSummary();
  const { access, tenant } = useTenancy();
  const storesRoute = routeAt('/stores-analytics');
  const linksStores =
    storesRoute !== undefined && canOpen(storesRoute, access, tenant.features);
  const data = summary.data;
  return (
    <ScreenFrame>
      <DataState
        status={summary.status}
        error={summary.error}
        onRetry={() => void summary.refetch()}
        loadingText="Loading the program's figures…"
      >
        {data ? (
          <>
            <section aria-labelledby="kpis" className={styles.section}>
              <h2 id="kpis" className={styles.heading}>
                {formatMonth(data.month)} at a glance
              </h2>
              <dl className={styles.kpis}>
                {[
                  [
                    'Collected this month',
                    formatWeight(data.kpis.weight_kg_month),
                  ],
                  [
                    'Collected, last 12 months',
                    formatWeight(data.kpis.weight_kg_12m),
                  ],
                  ['Units this month', formatNumber(data.kpis.units_month)],
                  ['Units, last 12 months', formatNumber(data.kpis.units_12m)],
                  ['Active stores', formatNumber(data.kpis.active_stores)],
                  [
                    'Shipments in transit',
                    formatNumber(data.kpis.shipments_in_transit),
                  ],
                  [
                    'Recycled, last 12 months',
                    formatPercent(data.kpis.recycled_share),
                  ],
                ].map(([term, value]) => (
                  <div key={term} className={styles.kpi}>
                    <dt>{term}</dt>
                    <dd>{value}</dd>
                  </div>
                ))}
              </dl>
            </section>
            <section className={styles.section}>
              <StackedBarChart
                title="Weight collected per month, by material"
                barHeading="Month"
                series={SERIES}
                bars={data.monthly.map((m) => ({
                  label: formatMonth(m.month, undefined, true),
                  values: Object.fromEntries(
                    m.materials.map((w) => [w.material, w.weight_kg]),
                  ),
                }))}
                formatValue={formatWeight}
              />
            </section>
            <section aria-labelledby="top-stores" className={styles.section}>
              <h2 id="top-stores" className={styles.heading}>
                Top stores, last 12 months
              </h2>
              {data.top_stores.length === 0 ? (
                <p>No store has collected anything yet.</p>
              ) : (
                <ol className={styles.stores}>
                  {data.top_stores.map((store) => (
                    <li key={store.id}>
                      {linksStores ? (
                        <Link to={`/stores-analytics?store=${store.id}`}>
                          {store.name}
                        </Link>
                      ) : (
                        store.name
                      )}{' '}
                      <span className={styles.meta}>
                        {store.city} · {store.member_name} ·{' '}
                        {formatWeight(store.weight_kg_12m)}
                      </span>
                    </li>
                  ))}
                </ol>
              )}
            </section>
          </>
        ) : null}
      </DataState>
    </ScreenFrame>
  );
}
