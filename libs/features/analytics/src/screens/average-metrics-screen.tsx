import {
  MIN_ANONYMOUS_MEMBERS,
  type Average,
  type AverageFigures,
  type AverageMetrics,
} from '@collective/api-client/contract';
import {
  ColumnHeadings,
  DataState,
  formatNumber,
  formatWeight,
  Panel,
  PlainTable,
  StackedBarChart,
  useListParams,
} from '@collective/ui';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAverageMetrics } from '../data/comparisons';
import {
  CHANNEL_LABELS,
  comparisonList,
  periodCaption,
  shareText,
} from './comparison-format';
import { ComparisonFrame } from './comparison-frame';
import styles from './comparisons.module.css';

/** What the screen accepts from its URL: the period; anything else falls back. */
const LIST = comparisonList([], 1);

/** A weight to 100 g. */
const kg = (value: number | null) =>
  value === null ? '–' : formatWeight(value, undefined, 1);
/** A count of items to one decimal. */
const items = (value: number | null) =>
  value === null ? '–' : formatNumber(value);

/** One column of a section's table: its heading and its cell of a group. */
interface Column<G> {
  header: string;
  cell: (group: G) => string;
}

/** A group of one section: its channel and what the section shows of it. */
type Group = { channel: string; count: number };

/**
 * One section's table: a row a channel (all first), the scope's columns,
 * then the collective's median of each figure beside them for a member's
 * scope ("–" where it is withheld).
 */
function SectionTable<G extends Group>({
  caption,
  countHeader,
  groups,
  collective,
  columns,
  medians,
}: {
  caption: string;
  countHeader: string;
  groups: readonly G[];
  collective: readonly G[] | null;
  columns: readonly Column<G>[];
  medians: readonly Column<G>[];
}) {
  return (
    <PlainTable>
      <caption className={styles.caption}>{caption}</caption>
      <ColumnHeadings
        names={[
          'Channel',
          countHeader,
          ...columns.map((c) => c.header),
          ...(collective
            ? medians.map((c) => `Collective ${c.header.toLowerCase()}`)
            : []),
        ]}
      />
      <tbody>
        {groups.map((group) => {
          const theirs = collective?.find((g) => g.channel === group.channel);
          return (
            <tr key={group.channel}>
              <th scope="row">
                {CHANNEL_LABELS[group.channel] ?? group.channel}
              </th>
              <td>{formatNumber(group.count)}</td>
              {columns.map((c) => (
                <td key={c.header}>{c.cell(group)}</td>
              ))}
              {collective
                ? medians.map((c) => (
                    <td key={c.header}>{theirs ? c.cell(theirs) : '–'}</td>
                  ))
                : null}
            </tr>
          );
        })}
      </tbody>
    </PlainTable>
  );
}

/** The mean and median columns of one figure. */
function meanAndMedian<G>(
  label: string,
  pick: (group: G) => Average,
  format: (value: number | null) => string,
): { columns: Column<G>[]; median: Column<G> } {
  const median = {
    header: `Median ${label}`,
    cell: (g: G) => format(pick(g).median),
  };
  return {
    columns: [
      { header: `Mean ${label}`, cell: (g) => format(pick(g).mean) },
      median,
    ],
    median,
  };
}

type Figures = AverageFigures;
type StoreMonthRow = Figures['store_months'][number];
type ShipmentRow = Figures['shipments'][number];
type PackageRow = Figures['packages'][number];

const storeMonthWeight = meanAndMedian<StoreMonthRow>(
  'weight',
  (g) => g.weight_kg,
  kg,
);
const shipmentNet = meanAndMedian<ShipmentRow>(
  'net weight',
  (g) => g.net_kg,
  kg,
);
const shipmentRate = meanAndMedian<ShipmentRow>(
  'contamination',
  (g) => g.contamination_rate,
  shareText,
);
const packageWeight = meanAndMedian<PackageRow>(
  'weight',
  (g) => g.weight_kg,
  kg,
);
const packageItems = meanAndMedian<PackageRow>('items', (g) => g.items, items);

/** Short channel names under a chart's bars. */
const AXIS_CHANNELS: Readonly<Record<string, string>> = {
  all: 'All',
  'in-store': 'Bin',
  kiosk: 'Kiosk',
};

/**
 * The median per store-month by channel as a chart: one bar a channel,
 * and for a member's scope the collective's beside each.
 */
function StoreMonthChart({ answer }: { answer: AverageMetrics }) {
  const own = answer.scope.member_name;
  const bars = answer.figures.store_months.flatMap((group) => {
    const label = AXIS_CHANNELS[group.channel] ?? group.channel;
    const mine = {
      label: own ? `${label}: you` : label,
      values: { median: group.weight_kg.median ?? 0 },
    };
    const theirs = answer.collective?.store_months.find(
      (g) => g.channel === group.channel,
    );
    return own && theirs
      ? [
          mine,
          {
            label: `${label}: all`,
            values: { median: theirs.weight_kg.median ?? 0 },
          },
        ]
      : [mine];
  });
  return (
    <StackedBarChart
      title={
        own
          ? `Median collected weight per store-month of ${own} ("you") and the collective ("all"), by channel`
          : 'Median collected weight per store-month, by channel'
      }
      barHeading="Channel"
      series={[{ key: 'median', label: 'Median per store-month' }]}
      bars={bars}
      formatValue={(value) => formatWeight(value, undefined, 1)}
    />
  );
}

/** The three sections of an answer. */
function Sections({ answer }: { answer: AverageMetrics }) {
  const { figures, collective } = answer;
  const whose = answer.scope.member_name ?? 'the collective';
  const period = periodCaption(answer.period);
  const withheld: ReactNode = collective ? (
    <p className={styles.note}>
      The collective&apos;s medians are over every member, none named; a dash
      where fewer than {MIN_ANONYMOUS_MEMBERS} members make one up.
    </p>
  ) : null;
  return (
    <>
      <Panel title="Per store-month">
        <p className={styles.note}>
          Collected weight (net received) of each active store in each month of
          the period it was open, nothing collected counting as 0.
        </p>
        {withheld}
        <SectionTable
          caption={`Collected weight per store-month of ${whose}, ${period}`}
          countHeader="Store-months"
          groups={figures.store_months}
          collective={collective?.store_months ?? null}
          columns={storeMonthWeight.columns}
          medians={[storeMonthWeight.median]}
        />
        <StoreMonthChart answer={answer} />
      </Panel>
      <Panel title="Per shipment">
        <p className={styles.note}>
          Shipments received in the period: net weight, and contamination ÷
          (gross − tare) of each; overall is the whole weight&apos;s rate.
        </p>
        <SectionTable
          caption={`Net weight and contamination per shipment of ${whose}, ${period}`}
          countHeader="Shipments"
          groups={figures.shipments}
          collective={collective?.shipments ?? null}
          columns={[
            ...shipmentNet.columns,
            ...shipmentRate.columns,
            {
              header: 'Overall contamination',
              cell: (g) => shareText(g.pooled_contamination_rate),
            },
          ]}
          medians={[shipmentNet.median, shipmentRate.median]}
        />
      </Panel>
      <Panel title="Per mail-back package">
        <p className={styles.note}>
          Consumer packages received in the period; a package belongs to the
          member with the most items in it.
        </p>
        <SectionTable
          caption={`Weight and items per mail-back package of ${whose}, ${period}`}
          countHeader="Packages"
          groups={figures.packages}
          collective={collective?.packages ?? null}
          columns={[...packageWeight.columns, ...packageItems.columns]}
          medians={[packageWeight.median, packageItems.median]}
        />
      </Panel>
    </>
  );
}

/**
 * Average Metrics (issue 22; decisions D12, D14; docs/decisions/0103):
 * means and medians per store-month, per shipment and per mail-back
 * package over a period, overall and by channel. A member's scope — a
 * brand admin's always — shows the collective's anonymous medians beside
 * its own; the server decides which.
 */
export default function AverageMetricsScreen() {
  const list = useListParams(LIST, useSearchParams());
  const answer = useAverageMetrics(list.state.filters['period']);
  return (
    <ComparisonFrame list={list}>
      <DataState
        status={answer.status}
        error={answer.error}
        onRetry={() => void answer.refetch()}
      >
        {answer.data ? <Sections answer={answer.data} /> : null}
      </DataState>
    </ComparisonFrame>
  );
}
