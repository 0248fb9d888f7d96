import {
  STORE_RANKING_CHANNELS,
  STORE_RANKING_METRICS,
  STORE_RANKING_REGIONS,
  STORE_RANKING_SORTS,
  periodChoices,
  periodLabel,
  type CollectiveMedian,
  type StoreRanking,
  type StoreRankingMetric,
} from '@collective/api-client/contract';
import { ScreenFrame } from '@collective/nav/react';
import { useTenancy } from '@collective/tenancy/react';
import {
  apiSort,
  type DataTableColumn,
  figureColumn,
  formatGrowth,
  FilterBar,
  Figures,
  formatDate,
  formatNumber,
  formatPercent,
  formatWeight,
  labelledFilter,
  ListTable,
  type ListSpec,
  Panel,
  Stack,
  useListParams,
} from '@collective/ui';
import { useSearchParams } from 'react-router-dom';
import {
  useStoreRankings,
  type StoreRankingsView,
} from '../data/store-rankings';
import { counted } from './record-list-text';
import styles from './store-rankings.module.css';

/** The figures a store is ranked by, as the screen names them. */
const METRIC_LABELS: Readonly<Record<StoreRankingMetric, string>> = {
  collected_kg: 'Collected weight',
  kg_per_active_month: 'Weight per active month',
  growth: 'Growth',
  contamination_rate: 'Contamination rate',
};

/** The minimum active days offered; none (every store) by default. */
const ACTIVE_DAYS = ['30', '90', '180', '365'] as const;

const PERIODS = periodChoices(new Date());

/** What the list accepts from its URL: anything else falls back to the defaults. */
const LIST: ListSpec = {
  sortable: [
    'rank',
    'name',
    'collected_kg',
    'kg_per_active_month',
    'growth',
    'contamination_rate',
  ],
  defaultPageSize: 20,
  pageSizes: [20, 50, 100],
  filters: {
    metric: STORE_RANKING_METRICS.filter((m) => m !== 'collected_kg'),
    period: PERIODS,
    region: STORE_RANKING_REGIONS,
    channel: STORE_RANKING_CHANNELS,
    min_active_days: ACTIVE_DAYS,
  },
};

const CHANNEL_LABELS: Readonly<Record<string, string>> = {
  'in-store': 'In-store bin',
  kiosk: 'Kiosk',
};

/** A share, or a dash without a receipt. */
const rateText = (rate: number | null) =>
  rate === null ? '–' : formatPercent(rate);

/** The columns of the ranking; the server sorts by the sortable ones. */
const COLUMNS: readonly DataTableColumn<StoreRanking>[] = [
  {
    id: 'rank',
    header: 'Rank',
    align: 'end',
    sortable: true,
    cell: (row) => formatNumber(row.rank),
  },
  {
    id: 'name',
    header: 'Store',
    rowHeader: true,
    sortable: true,
    cell: (row) => `${row.name}, ${row.city}`,
  },
  { id: 'member_name', header: 'Member', cell: (row) => row.member_name },
  { id: 'region', header: 'Region', cell: (row) => row.region },
  {
    id: 'channel',
    header: 'Channel',
    cell: (row) => CHANNEL_LABELS[row.channel] ?? row.channel,
  },
  {
    id: 'active_days',
    header: 'Active days',
    align: 'end',
    cell: (row) => formatNumber(row.active_days),
  },
  figureColumn('collected_kg', 'Collected', (row) =>
    formatWeight(row.collected_kg),
  ),
  figureColumn('kg_per_active_month', 'Per active month', (row) =>
    formatWeight(row.kg_per_active_month),
  ),
  figureColumn('growth', 'Growth', (row) => formatGrowth(row.growth)),
  {
    id: 'contamination_rate',
    header: 'Contamination',
    align: 'end',
    sortable: true,
    cell: (row) => rateText(row.contamination_rate),
  },
];

/** The collective's median figures, no store or member named (D20). */
function MedianPanel({ median }: { median: CollectiveMedian }) {
  return (
    <Panel title="Collective median">
      <p className={styles.note}>
        The middle store of the collective for each figure, over{' '}
        {counted(median.stores, 'store', 'stores')} meeting these filters.
      </p>
      <Figures
        figures={[
          { term: 'Collected', value: formatWeight(median.collected_kg) },
          {
            term: 'Per active month',
            value: formatWeight(median.kg_per_active_month),
          },
          { term: 'Growth', value: formatGrowth(median.growth) },
          {
            term: 'Contamination',
            value: rateText(median.contamination_rate),
          },
        ]}
      />
    </Panel>
  );
}

/**
 * Store Performance Rankings (decisions D14, D20): the stores of the data
 * scope ranked by collected weight, weight per active month, growth or
 * contamination rate over a period, by region, channel and minimum active
 * days, all in the URL; the collective median of each figure beside them
 * (brand users compare their own stores with it, never seeing another
 * member's). The server ranks, sorts and pages.
 */
export default function StoreRankingsScreen() {
  const list = useListParams(LIST, useSearchParams());
  const { state } = list;
  const { access } = useTenancy();
  const filter = (key: string) => state.filters[key];
  const answer = useStoreRankings({
    metric: filter('metric') as StoreRankingMetric | undefined,
    period: filter('period'),
    region: filter('region') as StoreRankingsView['region'],
    channel: filter('channel') as StoreRankingsView['channel'],
    minActiveDays: filter('min_active_days'),
    sort: apiSort(state.sort, STORE_RANKING_SORTS),
    page: state.page,
    pageSize: state.pageSize,
  });
  const page = answer.data;
  const metric = page?.metric ?? 'collected_kg';
  const columns = access.isCollectiveAdmin
    ? COLUMNS
    : COLUMNS.filter((column) => column.id !== 'member_name');
  return (
    <ScreenFrame>
      <Stack>
        <FilterBar
          label="Filter the ranking"
          list={list}
          selects={[
            labelledFilter(
              {
                key: 'metric',
                label: 'Rank by',
                allLabel: METRIC_LABELS.collected_kg,
              },
              STORE_RANKING_METRICS.filter((m) => m !== 'collected_kg'),
              METRIC_LABELS,
            ),
            {
              key: 'period',
              label: 'Period',
              allLabel: 'Last 12 months',
              options: PERIODS.map((p) => ({
                value: p,
                label: periodLabel(p),
              })),
            },
            {
              key: 'region',
              label: 'Region',
              options: STORE_RANKING_REGIONS.map((r) => ({
                value: r,
                label: r,
              })),
            },
            {
              key: 'channel',
              label: 'Channel',
              options: STORE_RANKING_CHANNELS.map((c) => ({
                value: c,
                label: CHANNEL_LABELS[c] ?? c,
              })),
            },
            {
              key: 'min_active_days',
              label: 'Active at least',
              allLabel: 'Any number of days',
              options: ACTIVE_DAYS.map((d) => ({
                value: d,
                label: `${d} days`,
              })),
            },
          ]}
        />
        {page ? <MedianPanel median={page.median} /> : null}
        <ListTable
          caption={
            page
              ? `${counted(page.total, 'store', 'stores')} ranked by ${METRIC_LABELS[metric].toLowerCase()}, ${formatDate(`${page.period.from}T00:00:00Z`)} – ${formatDate(`${page.period.to}T00:00:00Z`)}`
              : 'Store rankings'
          }
          columns={columns}
          rows={page?.store_rankings}
          list={list}
          spec={LIST}
          answer={answer}
          emptyText="No store meets these filters."
        />
      </Stack>
    </ScreenFrame>
  );
}
