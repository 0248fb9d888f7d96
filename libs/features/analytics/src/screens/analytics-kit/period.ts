import {
  ANALYTICS_INTERVALS,
  type AnalyticsInterval,
} from '@collective/api-client/contract';
import type { MonthRange } from '../../data/analytics';

/** The periods the analytics screens offer, by their key in the URL (`?period=`). */
export const PERIODS = [
  { value: '12m', label: 'Last 12 months' },
  { value: '24m', label: 'Last 24 months' },
  { value: 'ytd', label: 'This year so far' },
  { value: 'last-year', label: 'Last year' },
  { value: '36m', label: 'Last 36 months' },
] as const;

/** A period's key. */
export type PeriodKey = (typeof PERIODS)[number]['value'];

/** The period shown when the URL names none (the dashboard's window). */
export const DEFAULT_PERIOD: PeriodKey = '12m';

/** `YYYY-MM` of a month index counted from year 0 (months since 0000-01). */
function monthText(index: number): string {
  const year = Math.floor(index / 12);
  return `${String(year).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/**
 * The months of a period at `now` (UTC, as the server counts months): the
 * last 12, 24 or 36 months up to this one, this year so far, or last
 * calendar year.
 */
export function rangeOf(period: PeriodKey, now: Date): MonthRange {
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth();
  const last = (count: number) => ({
    from: monthText(current - count + 1),
    to: monthText(current),
  });
  switch (period) {
    case '12m':
      return last(12);
    case '24m':
      return last(24);
    case '36m':
      return last(36);
    case 'ytd':
      return {
        from: monthText(now.getUTCFullYear() * 12),
        to: monthText(current),
      };
    case 'last-year':
      return {
        from: monthText((now.getUTCFullYear() - 1) * 12),
        to: monthText((now.getUTCFullYear() - 1) * 12 + 11),
      };
  }
}

/** What an analytics screen shows, read from its URL: the period and the interval. */
export interface AnalyticsView {
  period: PeriodKey;
  interval: AnalyticsInterval;
}

/** The view in `params`; unknown or missing values fall back to the defaults (12 months, by month). */
export function readView(params: URLSearchParams): AnalyticsView {
  const period = params.get('period');
  const interval = params.get('interval');
  return {
    period: PERIODS.find((p) => p.value === period)?.value ?? DEFAULT_PERIOD,
    interval: ANALYTICS_INTERVALS.find((i) => i === interval) ?? 'month',
  };
}

/** The URL parameters of a view: the defaults are left out, so the plain path is the default view. */
export function viewParams(view: AnalyticsView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.period !== DEFAULT_PERIOD) params.set('period', view.period);
  if (view.interval !== 'month') params.set('interval', view.interval);
  return params;
}
