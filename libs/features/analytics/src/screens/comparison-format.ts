/**
 * Words and formats shared by /member-comparisons and /average-metrics
 * (docs/decisions/0103): outcome and channel names, shares, the
 * periods offered with the URL state that accepts them, the period select
 * and its caption, and chart labels short enough for an axis.
 */
import {
  periodChoices,
  periodLabel,
  type EolOutcome,
} from '@collective/api-client/contract';
import {
  formatDate,
  numberFormat,
  type FilterBarSelect,
  type ListSpec,
} from '@collective/ui';

/** The periods a comparison screen offers, counted from today. */
export const COMPARISON_PERIODS = periodChoices(new Date());

/**
 * What a comparison screen accepts from its URL: a period of
 * {@link COMPARISON_PERIODS}, an order by one of `sortable` and its page
 * size; anything else falls back.
 */
export function comparisonList(
  sortable: readonly string[],
  defaultPageSize: number,
): ListSpec {
  return { sortable, defaultPageSize, filters: { period: COMPARISON_PERIODS } };
}

/** The end-of-life outcomes as the screens name them (D14). */
export const OUTCOME_LABELS: Readonly<Record<EolOutcome, string>> = {
  recycled: 'Recycled',
  downcycled: 'Downcycled',
  energy_recovery: 'Energy recovery',
  landfill: 'Landfill',
};

/** Collection channels as the screens name them. */
export const CHANNEL_LABELS: Readonly<Record<string, string>> = {
  all: 'All channels',
  'in-store': 'In-store bin',
  kiosk: 'Kiosk',
  'mail-back': 'Mail-back',
};

/** A share as a percentage with one decimal ("3.4%"), or a dash for none. */
export function shareText(share: number | null): string {
  if (share === null) return '–';
  return numberFormat({ style: 'percent', maximumFractionDigits: 1 }).format(
    share,
  );
}

/** A period as a caption says it: "Jan 1, 2026 – Dec 31, 2026". */
export function periodCaption(period: { from: string; to: string }): string {
  return `${formatDate(`${period.from}T00:00:00Z`)} – ${formatDate(`${period.to}T00:00:00Z`)}`;
}

/** The period select of a {@link FilterBar}: the last 12 months unless chosen. */
export function periodSelect(periods: readonly string[]): FilterBarSelect {
  return {
    key: 'period',
    label: 'Period',
    allLabel: 'Last 12 months',
    options: periods.map((p) => ({ value: p, label: periodLabel(p) })),
  };
}

/** Longest label under a chart's bar before it is cut. */
const AXIS_CHARACTERS = 10;

/** A name short enough for a bar's label: its first word, cut with "…". */
export function shortLabel(name: string): string {
  const first = name.trim().split(/\s+/)[0] ?? name;
  return first.length > AXIS_CHARACTERS
    ? `${first.slice(0, AXIS_CHARACTERS - 1)}…`
    : first;
}

/**
 * The bar labels of members, by {@link shortLabel}; where two would read
 * the same, each is followed by its place, so every bar keeps its own.
 */
export function barLabels(rows: readonly { member_name: string }[]): string[] {
  const labels = rows.map((row) => shortLabel(row.member_name));
  return labels.map((label, index) =>
    labels.indexOf(label) === labels.lastIndexOf(label)
      ? label
      : `${label} ${index + 1}`,
  );
}
