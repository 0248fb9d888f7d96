/**
 * Calendar months in UTC, the unit of every figure of the program data: a
 * shipment counts in the month it was shipped, in UTC, whatever the time
 * zone of the server or the database session.
 */

/** A month as the database stores it: the date of its first day, `YYYY-MM-01`. */
export type MonthStart = `${number}-${number}-01`;

/** The first day of `date`'s month in UTC, as `YYYY-MM-01`. */
export function monthStartOf(date: Date): MonthStart {
  return `${date.toISOString().slice(0, 7)}-01` as MonthStart;
}

/** The month `count` months after `month` (before it when negative). */
export function addMonths(month: MonthStart, count: number): MonthStart {
  const [year, monthIndex] = month.split('-').map(Number) as [number, number];
  return monthStartOf(new Date(Date.UTC(year, monthIndex - 1 + count, 1)));
}

/** `YYYY-MM`, the contract's form of a month. */
export function contractMonth(month: MonthStart): string {
  return month.slice(0, 7);
}

/** Most recent months the dashboard and a store's detail show. */
export const WINDOW_MONTHS = 12;

/**
 * The last {@link WINDOW_MONTHS} months up to and including `now`'s month,
 * oldest first: the window of every "last 12 months" figure.
 */
export function lastTwelveMonths(now: Date): MonthStart[] {
  const current = monthStartOf(now);
  return Array.from({ length: WINDOW_MONTHS }, (_, index) =>
    addMonths(current, index - (WINDOW_MONTHS - 1)),
  );
}
