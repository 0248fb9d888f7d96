import type { SelectOption } from '../select-field/select-field';

const DAY_MS = 86_400_000;

/**
 * A period a list may be limited to, counted back from now: the choice of
 * a period select (its `value` is kept in the URL) and its length.
 */
export interface ListPeriod extends SelectOption {
  /** How many days back from now the period reaches. */
  days: number;
}

/**
 * The periods lists offer, by their value in the URL; a list picks the
 * ones it needs, in order: `[LIST_PERIODS['7d'], LIST_PERIODS['30d']]`.
 */
export const LIST_PERIODS = {
  '1d': { value: '1d', label: 'Last 24 hours', days: 1 },
  '7d': { value: '7d', label: 'Last 7 days', days: 7 },
  '30d': { value: '30d', label: 'Last 30 days', days: 30 },
  '90d': { value: '90d', label: 'Last 90 days', days: 90 },
  '365d': { value: '365d', label: 'Last 12 months', days: 365 },
} as const satisfies Readonly<Record<string, ListPeriod>>;

/** The values of the periods, for the list spec's filter: `period: periodValues(PERIODS)`. */
export function periodValues(periods: readonly ListPeriod[]): string[] {
  return periods.map((period) => period.value);
}

/**
 * The first day (UTC, `YYYY-MM-DD`) of the chosen period, as an API's
 * `from`; `undefined` when no period is chosen or the value is not one of
 * the periods.
 */
export function periodStart(
  periods: readonly ListPeriod[],
  value: string | undefined,
  now: number,
): string | undefined {
  const period = periods.find((p) => p.value === value);
  if (!period) return undefined;
  return new Date(now - period.days * DAY_MS).toISOString().slice(0, 10);
}
