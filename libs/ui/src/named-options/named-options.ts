import type { SelectOption } from '../select-field/select-field';

/**
 * The choices of a select among records that have an id and a name, in the
 * list's order: the id (as text) is the value, the name the label.
 */
export function namedOptions(
  records: readonly { id: number | string; name: string }[],
): SelectOption[] {
  return records.map((record) => ({
    value: String(record.id),
    label: record.name,
  }));
}
