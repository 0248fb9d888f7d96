import {
  COMPARISON_COLUMNS,
  COMPARISON_SORTS,
  EOL_OUTCOMES,
  MIN_ANONYMOUS_MEMBERS,
  type ComparisonPercentiles,
  type MemberComparison,
  type MemberComparisons,
  type Spread,
} from '@collective/api-client/contract';
import {
  answerState,
  apiSort,
  ColumnHeadings,
  DataTable,
  type DataTableColumn,
  figureColumn,
  formatGrowth,
  formatNumber,
  formatWeight,
  Panel,
  PlainTable,
  StackedBarChart,
  useListParams,
} from '@collective/ui';
import { useSearchParams } from 'react-router-dom';
import { useMemberComparisons } from '../data/comparisons';
import {
  comparisonList,
  OUTCOME_LABELS,
  periodCaption,
  shareText,
  shortLabel,
  barLabels,
} from './comparison-format';
import { ComparisonFrame } from './comparison-frame';
import styles from './comparisons.module.css';

/** What the screen accepts from its URL: the period and the order; anything else falls back. */
const LIST = comparisonList(COMPARISON_COLUMNS, 100);

/** The columns of the members' table; the server sorts by every one. */
const COLUMNS: readonly DataTableColumn<MemberComparison>[] = [
  {
    id: 'name',
    header: 'Member',
    rowHeader: true,
    sortable: true,
    cell: (row) =>
      row.deactivated ? `${row.member_name} (deactivated)` : row.member_name,
  },
  figureColumn('collected_kg', 'Collected', (row) =>
    formatWeight(row.collected_kg),
  ),
  figureColumn('active_stores', 'Active stores', (row) =>
    formatNumber(row.active_stores),
  ),
  figureColumn('growth', 'Growth', (row) => formatGrowth(row.growth)),
  ...EOL_OUTCOMES.map(
    (outcome): DataTableColumn<MemberComparison> =>
      figureColumn(outcome, OUTCOME_LABELS[outcome], (row) =>
        row.processed_kg > 0 ? shareText(row.outcome_mix[outcome]) : '–',
      ),
  ),
];

/** The figures set beside the quartiles, in the table's order, each with its format. */
const FIGURES: readonly {
  key: keyof Omit<ComparisonPercentiles, 'members'>;
  label: string;
  own: (row: MemberComparison) => string;
  format: (value: number) => string;
}[] = [
  {
    key: 'collected_kg',
    label: 'Collected',
    own: (row) => formatWeight(row.collected_kg),
    format: (kg) => formatWeight(kg),
  },
  {
    key: 'active_stores',
    label: 'Active stores',
    own: (row) => formatNumber(row.active_stores),
    format: (n) => formatNumber(n),
  },
  {
    key: 'growth',
    label: 'Growth on a year earlier',
    own: (row) => formatGrowth(row.growth),
    format: (g) => formatGrowth(g),
  },
  ...EOL_OUTCOMES.map((outcome) => ({
    key: outcome,
    label: `${OUTCOME_LABELS[outcome]} share`,
    own: (row: MemberComparison) =>
      row.processed_kg > 0 ? shareText(row.outcome_mix[outcome]) : '–',
    format: shareText,
  })),
  {
    key: 'recycling_rate',
    label: 'Recycling rate',
    own: (row) => shareText(row.recycling_rate),
    format: shareText,
  },
];

/** The series of the weight chart: each outcome, then what has none yet. */
const WEIGHT_SERIES = [
  ...EOL_OUTCOMES.map((outcome) => ({
    key: outcome,
    label: OUTCOME_LABELS[outcome],
  })),
  { key: 'awaiting', label: 'No confirmed outcome yet' },
];

/** A member's collected weight split by outcome, the rest awaiting one. */
function weightBar(label: string, row: MemberComparison) {
  return {
    label,
    values: {
      ...row.outcome_kg,
      awaiting: Math.max(0, row.collected_kg - row.processed_kg),
    },
  };
}

/**
 * Each figure's quartiles over the collective, one row a figure, after
 * the scope member's own figure when `own` is given; dashes where the
 * percentiles are withheld.
 */
function QuartileTable({
  caption,
  percentiles,
  own,
}: {
  caption: string;
  percentiles: ComparisonPercentiles | null;
  own?: MemberComparison;
}) {
  return (
    <PlainTable>
      <caption className={styles.caption}>{caption}</caption>
      <ColumnHeadings
        names={[
          'Figure',
          ...(own ? [own.member_name] : []),
          '25th percentile',
          'Median',
          '75th percentile',
        ]}
      />
      <tbody>
        {FIGURES.map((figure) => {
          const spread = percentiles ? percentiles[figure.key] : null;
          const text = (pick: keyof Spread) =>
            spread ? figure.format(spread[pick]) : '–';
          return (
            <tr key={figure.key}>
              <th scope="row">{figure.label}</th>
              {own ? <td>{figure.own(own)}</td> : null}
              <td>{text('p25')}</td>
              <td>{text('median')}</td>
              <td>{text('p75')}</td>
            </tr>
          );
        })}
      </tbody>
    </PlainTable>
  );
}

/**
 * The scope's member beside the collective's quartiles (a brand user's
 * view): one row a figure, no other member named.
 */
function OwnBesideCollective({ answer }: { answer: MemberComparisons }) {
  const [own] = answer.members;
  const p = answer.percentiles;
  if (!own) return null;
  const caption = `${own.member_name} beside the collective, ${periodCaption(answer.period)}`;
  return (
    <Panel title={`${own.member_name} beside the collective`}>
      <p className={styles.note}>
        {p
          ? `The collective's 25th percentile, median and 75th percentile of each figure over its ${formatNumber(p.members)} members; no member is named.`
          : `The collective's percentiles are withheld: fewer than ${MIN_ANONYMOUS_MEMBERS} members count, so they could identify one.`}
      </p>
      <QuartileTable caption={caption} percentiles={p} own={own} />
      <StackedBarChart
        title={`Collected weight of ${own.member_name} beside the collective's percentiles`}
        barHeading="Member or percentile"
        series={[
          ...WEIGHT_SERIES,
          { key: 'collective', label: 'Collective percentile' },
        ]}
        bars={[
          weightBar(shortLabel(own.member_name), own),
          ...(p
            ? [
                {
                  label: '25th pct',
                  values: { collective: p.collected_kg.p25 },
                },
                {
                  label: 'Median',
                  values: { collective: p.collected_kg.median },
                },
                {
                  label: '75th pct',
                  values: { collective: p.collected_kg.p75 },
                },
              ]
            : []),
        ]}
        formatValue={(kg) => formatWeight(kg)}
      />
    </Panel>
  );
}

/** The collective's quartiles under the members' table (collective admins). */
function PercentilesPanel({
  percentiles,
}: {
  percentiles: ComparisonPercentiles | null;
}) {
  if (!percentiles) return null;
  return (
    <Panel title="Collective percentiles">
      <QuartileTable
        caption={`Quartiles over ${formatNumber(percentiles.members)} members not deactivated`}
        percentiles={percentiles}
      />
    </Panel>
  );
}

/** The rows before the answer arrives. */
const NO_ROWS: readonly MemberComparison[] = [];

/**
 * Member Comparisons (issue 22; decisions D12, D14; docs/decisions/0103):
 * members side by side on collected weight, active stores, growth on the
 * same months a year earlier and outcome mix over a period, sortable, with
 * the collected weight by outcome as a chart (and its table). A member's
 * scope — a brand admin's always — shows that member beside the
 * collective's anonymous percentiles; the server decides which.
 */
export default function MemberComparisonsScreen() {
  const list = useListParams(LIST, useSearchParams());
  const { state } = list;
  const period = state.filters['period'];
  const answer = useMemberComparisons(
    period,
    apiSort(state.sort, COMPARISON_SORTS),
  );
  const data = answer.data;
  const ownScope = data ? data.scope.member_id !== null : false;
  return (
    <ComparisonFrame list={list}>
      {data && ownScope ? (
        <OwnBesideCollective answer={data} />
      ) : (
        <>
          <DataTable
            caption={
              data
                ? `${formatNumber(data.members.length)} members, ${periodCaption(data.period)}; growth on ${periodCaption(data.previous_period)}`
                : 'Members side by side'
            }
            columns={COLUMNS}
            rows={data?.members ?? NO_ROWS}
            getRowId={(row) => String(row.member_id)}
            sort={state.sort}
            onSortChange={list.setSort}
            {...answerState(answer)}
            emptyText="No member yet."
          />
          {data ? (
            <>
              <PercentilesPanel percentiles={data.percentiles} />
              <Panel title="Collected weight by outcome">
                <StackedBarChart
                  title={`Collected weight of each member by end-of-life outcome, ${periodCaption(data.period)}`}
                  barHeading="Member"
                  series={WEIGHT_SERIES}
                  bars={barLabels(data.members).map((label, index) =>
                    weightBar(label, data.members[index] as MemberComparison),
                  )}
                  formatValue={(kg) => formatWeight(kg)}
                />
              </Panel>
            </>
          ) : null}
        </>
      )}
    </ComparisonFrame>
  );
}
