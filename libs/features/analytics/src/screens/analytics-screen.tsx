import { MATERIALS, SHIPMENT_CHANNELS } from '@collective/api-client/contract';
import {
  ExportButton,
  formatMonth,
  formatNumber,
  formatWeight,
  Panel,
  StackedBarChart,
} from '@collective/ui';
import {
  useAnalyticsSeries,
  useAnalyticsSeriesExportUrl,
} from '../data/analytics';
import {
  bucketLabel,
  CHANNEL_LABELS,
  changeText,
  INTERVAL_LABELS,
} from './analytics-kit/labels';
import { AnalyticsFrame } from './analytics-kit/analytics-frame';
import { FiguresTable } from './analytics-kit/figures-table';
import { useAnalyticsPeriod } from './analytics-kit/period-controls';
import styles from './analytics-kit/analytics.module.css';

const CHANNEL_SERIES = SHIPMENT_CHANNELS.map((channel) => ({
  key: channel,
  label: CHANNEL_LABELS[channel],
}));

const MATERIAL_SERIES = [
  ...MATERIALS.map((m) => ({ key: m.code, label: m.label })),
  { key: 'unsorted', label: 'Not sorted' },
];

/** A figure of this period with the same months a year earlier beneath it. */
function compared(
  current: number,
  yearAgo: number,
  format: (n: number) => string,
) {
  return (
    <>
      {format(current)}
      <span className={styles.comparison}>
        {changeText(current, yearAgo)} on a year earlier ({format(yearAgo)})
      </span>
    </>
  );
}

/**
 * Analytics (issue 22; docs/decisions/0102): the collected weight, units
 * and shipments of the data scope over a period, per month, quarter or
 * year, by channel and by material, each beside the same months a year
 * earlier. Every chart has its table; the period and interval are in the
 * URL and change from the keyboard.
 */
export default function AnalyticsScreen() {
  const period = useAnalyticsPeriod();
  const { view, range } = period;
  const series = useAnalyticsSeries(range, view.interval);
  const exportUrl = useAnalyticsSeriesExportUrl(range, view.interval);
  const data = series.data;
  const unit = INTERVAL_LABELS[view.interval];
  const labels = data?.buckets.map((b) => bucketLabel(b, data.interval)) ?? [];
  // Under a chart's narrow bars a month is "Nov"; the table keeps its year.
  const axisLabels =
    data?.interval === 'month'
      ? data.buckets.map((b) => formatMonth(b.first, undefined, true))
      : labels;
  return (
    <AnalyticsFrame
      {...period}
      withInterval
      answer={series}
      loadingText="Loading the figures…"
      totals={{
        headingId: 'analytics-totals',
        figures: (data) => [
          {
            term: 'Collected weight',
            value: compared(
              data.totals.current.weight_kg,
              data.totals.year_ago.weight_kg,
              formatWeight,
            ),
          },
          {
            term: 'Units',
            value: compared(
              data.totals.current.units,
              data.totals.year_ago.units,
              formatNumber,
            ),
          },
          {
            term: 'Shipments',
            value: compared(
              data.totals.current.shipments,
              data.totals.year_ago.shipments,
              formatNumber,
            ),
          },
        ],
      }}
    >
      {(data) => (
        <>
          <Panel>
            <StackedBarChart
              title={`Collected weight per ${unit.toLowerCase()}, by channel`}
              barHeading={unit}
              series={CHANNEL_SERIES}
              bars={data.buckets.map((bucket, index) => ({
                label: labels[index] ?? bucket.first,
                axisLabel: axisLabels[index],
                values: Object.fromEntries(
                  bucket.channels.map((c) => [c.channel, c.weight_kg]),
                ),
              }))}
              reference={{
                label: 'A year earlier',
                values: data.buckets.map((b) => b.year_ago.weight_kg),
              }}
              formatValue={formatWeight}
            />
          </Panel>
          <Panel>
            <StackedBarChart
              title={`Sorted weight per ${unit.toLowerCase()}, by material`}
              barHeading={unit}
              series={MATERIAL_SERIES}
              bars={data.buckets.map((bucket, index) => ({
                label: labels[index] ?? bucket.first,
                axisLabel: axisLabels[index],
                values: {
                  ...Object.fromEntries(
                    bucket.materials.map((m) => [m.material, m.weight_kg]),
                  ),
                  unsorted: bucket.unsorted_kg,
                },
              }))}
              formatValue={formatWeight}
            />
          </Panel>
          <Panel
            title={`Units and shipments per ${unit.toLowerCase()}`}
            headingId="analytics-units"
            actions={
              <ExportButton
                label="Export CSV"
                getDownloadUrl={exportUrl}
                fileName={`analytics-${view.interval}-${range.from}-to-${range.to}.csv`}
              />
            }
          >
            <FiguresTable
              label="Units and shipments"
              headings={[
                unit,
                ...SHIPMENT_CHANNELS.map(
                  (channel) =>
                    `Units, ${CHANNEL_LABELS[channel].toLowerCase()}`,
                ),
                'Units',
                'A year earlier',
                'Shipments',
                'A year earlier',
              ]}
            >
              {data.buckets.map((bucket, index) => (
                <tr key={bucket.first}>
                  <th scope="row">{labels[index]}</th>
                  {bucket.channels.map((c) => (
                    <td key={c.channel}>{formatNumber(c.units)}</td>
                  ))}
                  <td>{formatNumber(bucket.current.units)}</td>
                  <td>{formatNumber(bucket.year_ago.units)}</td>
                  <td>{formatNumber(bucket.current.shipments)}</td>
                  <td>{formatNumber(bucket.year_ago.shipments)}</td>
                </tr>
              ))}
            </FiguresTable>
          </Panel>
        </>
      )}
    </AnalyticsFrame>
  );
}
