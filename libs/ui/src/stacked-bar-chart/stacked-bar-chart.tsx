import { useId } from 'react';
import { visuallyHiddenClass } from '../visually-hidden/visually-hidden';
import styles from './stacked-bar-chart.module.css';

/** A series of a {@link StackedBarChart}: its key in the data and its name for people. */
export interface ChartSeries {
  key: string;
  label: string;
}

/** One bar: its label and the value of each series. */
export interface ChartBar {
  /** The bar's name in the table and the tooltips, e.g. "Nov 2026". */
  label: string;
  /** A shorter name under the axis, where a bar is narrow, e.g. "Nov" (`label` otherwise). */
  axisLabel?: string;
  values: Readonly<Record<string, number>>;
}

/** Props of {@link StackedBarChart}. */
export interface StackedBarChartProps {
  /** What the chart shows; its caption and the name of its image and table. */
  title: string;
  series: readonly ChartSeries[];
  bars: readonly ChartBar[];
  /** Formats a value for the table and the tooltips, e.g. as a weight. */
  formatValue: (value: number) => string;
  /** The table's heading of the bar labels, e.g. "Month". */
  barHeading: string;
  /**
   * A figure to compare each bar with (e.g. the same month a year earlier):
   * drawn as a dashed mark across the bar, listed in the legend, and a
   * column of the table; one value per bar, in order.
   */
  reference?: ChartReference | undefined;
}

/** The comparison of a {@link StackedBarChart}: its name and one value per bar. */
export interface ChartReference {
  label: string;
  values: readonly number[];
}

/**
 * Colours of the series, in order: theme colours that every theme checks at
 * 4.5:1 against its backgrounds, so each bar segment meets the 3:1 of
 * non-text contrast (WCAG 2.2, 1.4.11).
 */
const SERIES_COLOURS = [
  'var(--color-secondary)',
  'var(--color-accent)',
  'var(--color-info)',
  'var(--color-success)',
  'var(--color-warning)',
  'var(--color-error)',
];

const BAR_WIDTH = 28;
const GAP = 12;
const HEIGHT = 160;

/**
 * A stacked bar chart in plain SVG (no chart library: a few hundred bytes
 * instead of tens of kilobytes), with a legend, and the same numbers in a
 * table for screen readers and for anyone who wants the figures: the image
 * is named by a one-line summary, the table carries the data.
 */
export function StackedBarChart({
  title,
  series,
  bars,
  formatValue,
  barHeading,
  reference,
}: StackedBarChartProps) {
  const id = useId();
  const totals = bars.map((bar) =>
    series.reduce((sum, s) => sum + (bar.values[s.key] ?? 0), 0),
  );
  const max = Math.max(1, ...totals, ...(reference?.values ?? []));
  const scale = (value: number) => (value / max) * (HEIGHT - 4);
  const width = bars.length * (BAR_WIDTH + GAP) + GAP;
  const peak = totals.indexOf(Math.max(...totals));
  const summary =
    bars.length === 0
      ? `${title}: no data.`
      : `${title}: ${bars.length} bars from ${bars[0]?.label} to ${bars[bars.length - 1]?.label}; highest ${bars[peak]?.label} with ${formatValue(totals[peak] ?? 0)}. The table below has every figure.`;
  return (
    <figure className={styles.figure} aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`} className={styles.caption}>
        {title}
      </figcaption>
      <svg
        role="img"
        aria-label={summary}
        viewBox={`0 0 ${width} ${HEIGHT}`}
        className={styles.chart}
        preserveAspectRatio="none"
      >
        {bars.map((bar, index) => {
          const x = GAP + index * (BAR_WIDTH + GAP);
          let top = HEIGHT;
          return (
            <g key={bar.label}>
              {series.map((s, i) => {
                const value = bar.values[s.key] ?? 0;
                const height = scale(value);
                top -= height;
                return height > 0 ? (
                  <rect
                    key={s.key}
                    x={x}
                    y={top}
                    width={BAR_WIDTH}
                    height={Math.max(height - 1, 0.5)}
                    fill={SERIES_COLOURS[i % SERIES_COLOURS.length]}
                  >
                    <title>{`${bar.label}, ${s.label}: ${formatValue(value)}`}</title>
                  </rect>
                ) : null;
              })}
              {reference?.values[index] ? (
                <line
                  x1={x - 3}
                  x2={x + BAR_WIDTH + 3}
                  y1={HEIGHT - scale(reference.values[index] ?? 0)}
                  y2={HEIGHT - scale(reference.values[index] ?? 0)}
                  className={styles.reference}
                >
                  <title>{`${bar.label}, ${reference.label}: ${formatValue(reference.values[index] ?? 0)}`}</title>
                </line>
              ) : null}
            </g>
          );
        })}
      </svg>
      {/* The axis in HTML under the stretched drawing, so its words keep
          their shape at any width; the summary and the table say it all. */}
      <div className={styles.axis} aria-hidden="true">
        {bars.map((bar, index) => (
          <span
            key={bar.label}
            style={{
              left: `${((GAP + index * (BAR_WIDTH + GAP) + BAR_WIDTH / 2) / width) * 100}%`,
            }}
          >
            {bar.axisLabel ?? bar.label}
          </span>
        ))}
      </div>
      <ul className={styles.legend} aria-hidden="true">
        {series.map((s, i) => (
          <li key={s.key}>
            <span
              className={styles.swatch}
              style={{ background: SERIES_COLOURS[i % SERIES_COLOURS.length] }}
            />
            {s.label}
          </li>
        ))}
        {reference ? (
          <li>
            <span className={styles.referenceSwatch} />
            {reference.label}
          </li>
        ) : null}
      </ul>
      <details className={styles.details}>
        <summary>Show the figures as a table</summary>
        <div className={styles.scroll}>
          <table className={styles.table}>
            <caption className={visuallyHiddenClass}>{title}</caption>
            <thead>
              <tr>
                <th scope="col">{barHeading}</th>
                {series.map((s) => (
                  <th key={s.key} scope="col">
                    {s.label}
                  </th>
                ))}
                <th scope="col">Total</th>
                {reference ? <th scope="col">{reference.label}</th> : null}
              </tr>
            </thead>
            <tbody>
              {bars.map((bar, index) => (
                <tr key={bar.label}>
                  <th scope="row">{bar.label}</th>
                  {series.map((s) => (
                    <td key={s.key}>{formatValue(bar.values[s.key] ?? 0)}</td>
                  ))}
                  <td>{formatValue(totals[index] ?? 0)}</td>
                  {reference ? (
                    <td>{formatValue(reference.values[index] ?? 0)}</td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
