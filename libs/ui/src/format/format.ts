/**
 * Number, weight, percentage and date formats of the data screens, through
 * `Intl`, in the reader's locale unless one is given (tests give one).
 */

/**
 * The `Intl` formatters made so far, by kind, locale and options: making one
 * costs far more than using it, and a screen formats hundreds of figures
 * (the dashboard's chart and table made about a hundred, a sixth of its
 * first render's script time under Lighthouse's CPU slowdown). The keys
 * start with a letter, so none is an `Object.prototype` name.
 */
const made: Record<string, Intl.NumberFormat | Intl.DateTimeFormat> = {};

/** `new Intl.NumberFormat(locale, options)`, made once for each locale and options. */
export const numberFormat = (
  options: Intl.NumberFormatOptions,
  locale?: string,
): Intl.NumberFormat =>
  (made[`n${locale}${JSON.stringify(options)}`] ??= new Intl.NumberFormat(
    locale,
    options,
  )) as Intl.NumberFormat;

/** `new Intl.DateTimeFormat(locale, options)`, made once for each locale and options. */
export const dateTimeFormat = (
  options: Intl.DateTimeFormatOptions,
  locale?: string,
): Intl.DateTimeFormat =>
  (made[`d${locale}${JSON.stringify(options)}`] ??= new Intl.DateTimeFormat(
    locale,
    options,
  )) as Intl.DateTimeFormat;

/** A whole or decimal number with the locale's grouping, e.g. "12,480". */
export function formatNumber(value: number, locale?: string): string {
  return numberFormat({ maximumFractionDigits: 1 }, locale).format(value);
}

/**
 * A weight given in kilograms: "850 kg" below a tonne, "12.5 t" from a tonne
 * (Intl has no tonne unit, so the number is formatted and "t" added).
 * `kgDigits` keeps up to that many decimals below a tonne, for weights of
 * one parcel ("1.25 kg") rather than of a programme.
 */
export function formatWeight(
  kg: number,
  locale?: string,
  kgDigits = 0,
): string {
  if (Math.abs(kg) < 1000) {
    return numberFormat(
      { style: 'unit', unit: 'kilogram', maximumFractionDigits: kgDigits },
      locale,
    ).format(kg);
  }
  const tonnes = numberFormat(
    { maximumFractionDigits: kg >= 100_000 ? 0 : 1 },
    locale,
  ).format(kg / 1000);
  return `${tonnes} t`;
}

/** A share from 0 to 1 as a percentage, e.g. "72%". */
export function formatPercent(share: number, locale?: string): string {
  return numberFormat(
    { style: 'percent', maximumFractionDigits: 0 },
    locale,
  ).format(share);
}

/** A date and time as the reader writes it, e.g. "Nov 20, 2026". */
export function formatDate(iso: string, locale?: string): string {
  return dateTimeFormat(
    { dateStyle: 'medium', timeZone: 'UTC' },
    locale,
  ).format(new Date(iso));
}

/** A date with its time, e.g. "Nov 20, 2026, 8:00 AM" (UTC). */
export function formatDateTime(iso: string, locale?: string): string {
  return dateTimeFormat(
    { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' },
    locale,
  ).format(new Date(iso));
}

/** A month given as `YYYY-MM`, e.g. "Nov 2026" (or "Nov" with `short`). */
export function formatMonth(
  month: string,
  locale?: string,
  short = false,
): string {
  const [year, number] = month.split('-').map(Number);
  return dateTimeFormat(
    {
      month: 'short',
      ...(short ? {} : { year: 'numeric' }),
      timeZone: 'UTC',
    },
    locale,
  ).format(new Date(Date.UTC(year ?? 1970, (number ?? 1) - 1, 1)));
}
