import type { SelectOption } from './select-field';

/**
 * The choices of a select from a list of values and how each reads to
 * people, in the list's order: `labelledOptions(STATUSES, STATUS_LABELS)`.
 * A value the labels have no words for (a region, read from a record's
 * words for several fields) reads as itself.
 */
export function labelledOptions<TValue extends string>(
  values: readonly TValue[],
  labels: Readonly<Record<TValue, string>>,
): SelectOption[] {
  return values.map((value) => ({ value, label: labels[value] ?? value }));
}
