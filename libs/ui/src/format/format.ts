/**
 * Number, weight, percentage and date formats of the data screens, through
 * `Intl`, in the reader's locale unless one is given (tests give one).
 */

/** A whole or decimal number with the locale's grouping, e.g. "12,480". */
export function formatNumber(value: number, locale?: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(
    value,
  );
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
    return new Intl.NumberFormat(locale, {
      style: 'unit',
      unit: 'kilogram',
      maximumFractionDigits: kgDigits,
    }).format(kg);
  }
  const tonnes = new Intl.NumberFormat(locale, {
    maximumFractionDigits: kg >= 100_000 ? 0 : 1,
  }).format(kg / 1000);
  return `${tonnes} t`;
}

/** A share from 0 to 1 as a percentage, e.g. "72%". */
export function formatPercent(share: number, locale?: string): string {
  return new Intl.NumberFormat(locale, {
    style: 'percent',
    maximumFractionDigits: 0,
  }).format(share);
}

/** A date and time as the reader writes it, e.g. "Nov 20, 2026". */
export function formatDate(iso: string, locale?: string): string {
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeZone: 'UTC',
  }).format(new Date(iso));
}

/** A date with its time, e.g. "Nov 20, 2026, 8:00 AM" (UTC). */
export function formatDateTime(iso: string, locale?: string): string {
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(new Date(iso));
}

/** A month given as `YYYY-MM`, e.g. "Nov 2026" (or "Nov" with `short`). */
export function formatMonth(
  month: string,
  locale?: string,
  short = false,
): string {
  const [year, number] = month.split('-').map(Number);
  return new Intl.DateTimeFormat(locale, {
    month: 'short',
    ...(short ? {} : { year: 'numeric' }),
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year ?? 1970, (number ?? 1) - 1, 1)));
}
