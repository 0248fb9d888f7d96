import type { SelectOption } from '@collective/ui';

/**
 * The choices of a select among `values`, each in the record's `words`
 * for it ("In-store bin" for `in-store`), or as it is where they have none
 * (a region).
 */
export function wordChoices(
  values: readonly string[],
  words: Readonly<Record<string, string>>,
): SelectOption[] {
  return values.map((value) => ({ value, label: words[value] ?? value }));
}
