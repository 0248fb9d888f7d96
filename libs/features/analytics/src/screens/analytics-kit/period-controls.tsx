import { ANALYTICS_INTERVALS } from '@collective/api-client/contract';
import { formatMonth, RadioChoices, SelectField } from '@collective/ui';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { INTERVAL_LABELS } from './labels';
import type { MonthRange } from '../../data/analytics';
import {
  PERIODS,
  rangeOf,
  readView,
  viewParams,
  type AnalyticsView,
  type PeriodKey,
} from './period';
import styles from './analytics.module.css';

/** Props of {@link PeriodControls}. */
export interface PeriodControlsProps {
  view: AnalyticsView;
  onView: (view: AnalyticsView) => void;
  /** Whether the interval (month, quarter, year) is offered; screens listed month by month leave it out. */
  withInterval?: boolean;
  /** The months shown, for people, e.g. "Dec 2025 – Nov 2026". */
  months: string;
}

/**
 * The period (a native select) and the interval (radios) of an analytics
 * screen: both the platform's own keyboard controls, changing the view at
 * once; the months the period covers are said beside them, and announced
 * when they change.
 */
export function PeriodControls({
  view,
  onView,
  withInterval = false,
  months,
}: PeriodControlsProps) {
  return (
    <div className={styles.controls}>
      <SelectField
        label="Period"
        value={view.period}
        options={PERIODS}
        onChange={(event) =>
          onView({ ...view, period: event.target.value as PeriodKey })
        }
      />
      {withInterval ? (
        <RadioChoices
          legend="Interval"
          name="interval"
          options={ANALYTICS_INTERVALS}
          label={(interval) => INTERVAL_LABELS[interval]}
          value={view.interval}
          onChange={(interval) => onView({ ...view, interval })}
          inline
        />
      ) : null}
      <p className={styles.months} aria-live="polite">
        {months}
      </p>
    </div>
  );
}

/** What {@link useAnalyticsPeriod} gives: spread it into an `AnalyticsFrame`. */
export interface AnalyticsPeriod {
  view: AnalyticsView;
  onView: (view: AnalyticsView) => void;
  /** The months the view's period covers as of today. */
  range: MonthRange;
}

/**
 * The view of an analytics screen kept in its URL (`?period=&interval=`),
 * so reload, bookmarks and Back keep it, and the months its period covers;
 * a change replaces the history entry rather than adding one per click.
 */
export function useAnalyticsPeriod(): AnalyticsPeriod {
  const [params, setParams] = useSearchParams();
  const view = readView(params);
  const onView = useCallback(
    (next: AnalyticsView) => setParams(viewParams(next), { replace: true }),
    [setParams],
  );
  return { view, onView, range: rangeOf(view.period, new Date()) };
}

/** The months of a range for people: "Dec 2025 – Nov 2026". */
export function rangeText(range: { from: string; to: string }): string {
  return range.from === range.to
    ? formatMonth(range.from)
    : `${formatMonth(range.from)} – ${formatMonth(range.to)}`;
}
