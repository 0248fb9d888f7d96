import {
  EOL_OUTCOMES,
  type ImpactFigures,
} from '@collective/api-client/contract';
import {
  ExportButton,
  formatMonth,
  formatNumber,
  formatPercent,
  formatWeight,
  Panel,
  StackedBarChart,
} from '@collective/ui';
import type { ReactNode } from 'react';
import { usePactAnalytics, usePactAnalyticsExportUrl } from '../data/analytics';
import {
  CHANNEL_LABELS,
  OUTCOME_LABELS,
  TIER_LABELS,
} from './analytics-kit/labels';
import { AnalyticsFrame } from './analytics-kit/analytics-frame';
import { FiguresTable } from './analytics-kit/figures-table';
import { useAnalyticsPeriod } from './analytics-kit/period-controls';
import styles from './analytics-kit/analytics.module.css';

const OUTCOME_SERIES = EOL_OUTCOMES.map((outcome) => ({
  key: outcome,
  label: OUTCOME_LABELS[outcome],
}));

/** One row of an impact table: its name, optional cells, then D14's figures. */
interface ImpactRow {
  key: string;
  name: string;
  cells?: ReactNode[];
  figures: ImpactFigures;
}

/** A table of impact figures (collected, confirmed per outcome, the two rates), one row per month, program or tier. */
function ImpactTable({
  heading,
  label,
  extra = [],
  rows,
}: {
  heading: string;
  label: string;
  extra?: string[];
  rows: ImpactRow[];
}) {
  return (
    <FiguresTable
      label={label}
      headings={[
        heading,
        ...extra,
        'Collected',
        'Confirmed outcome',
        ...EOL_OUTCOMES.map((outcome) => OUTCOME_LABELS[outcome]),
        'Recycling rate',
        'Diversion rate',
      ]}
    >
      {rows.map(({ key, name, cells = [], figures }) => (
        <tr key={key}>
          <th scope="row">{name}</th>
          {cells.map((cell, index) => (
            <td key={extra[index]}>{cell}</td>
          ))}
          <td>{formatWeight(figures.collected_kg)}</td>
          <td>{formatWeight(figures.confirmed_kg)}</td>
          {EOL_OUTCOMES.map((outcome) => (
            <td key={outcome}>{formatWeight(figures.outcomes[outcome])}</td>
          ))}
          <td>{formatPercent(figures.recycling_rate)}</td>
          <td>{formatPercent(figures.diversion_rate)}</td>
        </tr>
      ))}
    </FiguresTable>
  );
}

/**
 * Pact Analytics (issue 22; docs/decisions/0102): the collective's impact —
 * what was collected and what its confirmed end-of-life outcomes were,
 * with D14's recycling and diversion rates — month by month, per program
 * (collection channel) and per member tier. A brand admin (or a collective
 * admin who chose a member) sees that member's own figures and its share
 * of the collective's, never another member's.
 */
export default function PactAnalyticsScreen() {
  const period = useAnalyticsPeriod();
  const { range } = period;
  const pact = usePactAnalytics(range);
  const exportUrl = usePactAnalyticsExportUrl(range);
  return (
    <AnalyticsFrame
      {...period}
      answer={pact}
      loadingText="Loading the impact figures…"
      totals={{
        everyone: 'The collective',
        headingId: 'pact-totals',
        figures: (data) => [
          {
            term: 'Collected weight',
            value: formatWeight(data.totals.collected_kg),
          },
          {
            term: 'With a confirmed outcome',
            value: formatWeight(data.totals.confirmed_kg),
          },
          {
            term: 'Recycling rate',
            value: formatPercent(data.totals.recycling_rate),
          },
          {
            term: 'Diversion rate',
            value: formatPercent(data.totals.diversion_rate),
          },
          ...(data.share
            ? [
                {
                  term: "Share of the collective's collected weight",
                  value: formatPercent(data.share.collected),
                },
                {
                  term: "Share of the collective's confirmed weight",
                  value: formatPercent(data.share.confirmed),
                },
              ]
            : []),
        ],
        note: (
          <p className={styles.note}>
            Recycling rate: recycled and downcycled weight ÷ weight with a
            confirmed outcome. Diversion rate: all but landfill ÷ the same.
            Outcomes count in the month the material was received.
          </p>
        ),
      }}
    >
      {(data) => (
        <>
          <Panel>
            <StackedBarChart
              title="Confirmed outcomes per month of receipt"
              barHeading="Month"
              series={OUTCOME_SERIES}
              bars={data.months.map((m) => ({
                label: formatMonth(m.month),
                axisLabel: formatMonth(m.month, undefined, true),
                values: m.outcomes,
              }))}
              formatValue={formatWeight}
            />
          </Panel>
          <Panel
            title="Month by month"
            headingId="pact-months"
            actions={
              <ExportButton
                label="Export CSV"
                getDownloadUrl={exportUrl}
                fileName={`pact-${range.from}-to-${range.to}.csv`}
              />
            }
          >
            <ImpactTable
              heading="Month"
              label="Month by month"
              rows={data.months.map((m) => ({
                key: m.month,
                name: formatMonth(m.month),
                figures: m,
              }))}
            />
          </Panel>
          <Panel title="By program" headingId="pact-programs">
            <ImpactTable
              heading="Program"
              label="By program"
              rows={data.programs.map((p) => ({
                key: p.channel,
                name: CHANNEL_LABELS[p.channel],
                figures: p,
              }))}
            />
          </Panel>
          <Panel
            title={data.share ? "The member's tier" : 'By member tier'}
            headingId="pact-tiers"
          >
            {data.tiers.length === 0 ? (
              <p>Nothing was collected in this period.</p>
            ) : (
              <ImpactTable
                heading="Tier"
                label="By member tier"
                extra={['Members']}
                rows={data.tiers.map((t) => ({
                  key: t.tier,
                  name: TIER_LABELS[t.tier],
                  cells: [formatNumber(t.members)],
                  figures: t,
                }))}
              />
            )}
          </Panel>
        </>
      )}
    </AnalyticsFrame>
  );
}
