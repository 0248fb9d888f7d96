/**
 * A time as the drivers return it (a `Date`) in ISO 8601 and UTC, as the
 * contract sends times; `null` (a time not reached yet) stays `null`.
 */
export function isoTime(value: Date | string): string;
export function isoTime(value: Date | string | null): string | null;
export function isoTime(value: Date | string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}
