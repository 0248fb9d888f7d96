/**
 * The calendar arithmetic of the analytics answers (docs/decisions/0102),
 * pure: the period a query asks for, its months grouped into buckets of a
 * month, a quarter or a year, the same months a year earlier, and weights
 * kept in whole grams so that no sum drifts and every rounding is the
 * database's (`round(kg, 1)`, half away from zero).
 */
import {
  MAX_ANALYTICS_MONTHS,
  monthsBetween,
  type AnalyticsInterval,
} from '@collective/api-client/contract';
import { Refusal } from '../http/error-replies';
import {
  addMonths,
  contractMonth,
  monthStartOf,
  type MonthStart,
} from '../data/months';

/** A period of whole months, both ends counted, as `YYYY-MM-01`. */
export interface MonthPeriod {
  first: MonthStart;
  last: MonthStart;
}

/** The months a period asks for before it is checked, as the query sends them (`YYYY-MM`). */
export interface PeriodQuery {
  from?: string | undefined;
  to?: string | undefined;
}

/** `YYYY-MM` as `YYYY-MM-01`. */
export function monthOf(month: string): MonthStart {
  return `${month}-01` as MonthStart;
}

/**
 * The period of a query at `now`: `to` is this month (UTC) unless given,
 * `from` the 11 months before `to` unless given (the dashboard's "last 12
 * months" by default). 400 when it ends before it starts or is longer
 * than {@link MAX_ANALYTICS_MONTHS} (the contract checks the same when
 * both ends are sent).
 */
export function resolvePeriod(query: PeriodQuery, now: Date): MonthPeriod {
  const last = query.to ? monthOf(query.to) : monthStartOf(now);
  const first = query.from ? monthOf(query.from) : addMonths(last, -11);
  const length = monthsBetween(contractMonth(first), contractMonth(last));
  if (length < 1) {
    throw new Refusal(
      400,
      'Bad Request',
      `The period ends (${contractMonth(last)}) before it starts (${contractMonth(first)}).`,
    );
  }
  if (length > MAX_ANALYTICS_MONTHS) {
    throw new Refusal(
      400,
      'Bad Request',
      `A period is at most ${MAX_ANALYTICS_MONTHS} months long; this one has ${length}.`,
    );
  }
  return { first, last };
}

/** Every month of a period, oldest first. */
export function monthsOf({ first, last }: MonthPeriod): MonthStart[] {
  const count = monthsBetween(contractMonth(first), contractMonth(last));
  return Array.from({ length: count }, (_, index) => addMonths(first, index));
}

/** The key of the bucket a month falls in: the month, `YYYY-Qn` or `YYYY`. */
export function bucketKey(
  month: MonthStart,
  interval: AnalyticsInterval,
): string {
  const year = month.slice(0, 4);
  if (interval === 'year') return year;
  if (interval === 'month') return contractMonth(month);
  return `${year}-Q${Math.floor((Number(month.slice(5, 7)) - 1) / 3) + 1}`;
}

/** One bucket of a period: its months, oldest first (a quarter or year may be cut by the period's ends). */
export interface Bucket {
  key: string;
  months: MonthStart[];
}

/**
 * The months of a period grouped into calendar months, quarters or years
 * (UTC), oldest first; the first and last bucket hold only the months of
 * the period. Every month is in exactly one bucket, in order.
 */
export function bucketsOf(
  period: MonthPeriod,
  interval: AnalyticsInterval,
): Bucket[] {
  const buckets: Bucket[] = [];
  for (const month of monthsOf(period)) {
    const key = bucketKey(month, interval);
    const current = buckets[buckets.length - 1];
    if (current?.key === key) current.months.push(month);
    else buckets.push({ key, months: [month] });
  }
  return buckets;
}

/** The same month a year earlier. */
export function yearAgo(month: MonthStart): MonthStart {
  return addMonths(month, -12);
}

/** Kilograms with up to three decimals (as the database keeps them) in whole grams. */
export function gramsOf(kg: number): number {
  return Math.round(kg * 1000);
}

/**
 * Whole grams as kilograms rounded to 100 g, half away from zero: the
 * dashboard's `round(sum(weight_kg), 1)`, exactly (integer arithmetic; no
 * binary fraction decides a tie).
 */
export function kgOf(grams: number): number {
  const sign = grams < 0 ? -1 : 1;
  return (sign * Math.floor((Math.abs(grams) + 50) / 100)) / 10;
}
