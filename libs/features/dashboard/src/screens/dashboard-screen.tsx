import { MATERIALS } from '@collective/api-client/contract';
import { canOpen } from '@collective/nav';
import { routeAt, ScreenFrame, type ScreenModule } from '@collective/nav/react';
import { useTenancy } from '@collective/tenancy/react';
import {
  DataState,
  Figures,
  formatMonth,
  formatNumber,
  formatPercent,
  formatWeight,
  Panel,
  StackedBarChart,
} from '@collective/ui';
import { Link } from 'react-router-dom';
import {
  dashboardSummaryQuery,
  useDashboardSummary,
} from '../data/dashboard-summary';
import styles from './dashboard-screen.module.css';

/** The shell starts the KPIs' read when a page opens here (ScreenModule). */
export const firstData: ScreenModule['firstData'] = (scoped) => [
  dashboardSummaryQuery(scoped),
];

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
            <Panel
              title={`${formatMonth(data.month)} at a glance`}
              headingId="kpis"
            >
              <Figures
                figures={[
                  {
                    term: 'Collected this month',
                    value: formatWeight(data.kpis.weight_kg_month),
                  },
                  {
                    term: 'Collected, last 12 months',
                    value: formatWeight(data.kpis.weight_kg_12m),
                  },
                  {
                    term: 'Units this month',
                    value: formatNumber(data.kpis.units_month),
                  },
                  {
                    term: 'Units, last 12 months',
                    value: formatNumber(data.kpis.units_12m),
                  },
                  {
                    term: 'Active stores',
                    value: formatNumber(data.kpis.active_stores),
                  },
                  {
                    term: 'Shipments in transit',
                    value: formatNumber(data.kpis.shipments_in_transit),
                  },
                  {
                    term: 'Recycled, last 12 months',
                    value: formatPercent(data.kpis.recycled_share),
                  },
                ]}
              />
            </Panel>
            <Panel>
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
            </Panel>
            <Panel title="Top stores, last 12 months" headingId="top-stores">
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
            </Panel>
          </>
        ) : null}
      </DataState>
    </ScreenFrame>
  );
}
