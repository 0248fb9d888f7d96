/**
 * What a list says when no row matches: `No user matches "ann".` while a
 * search is typed, else `No user matches these filters.`
 */
export function noMatchText(noun: string, search?: string): string {
  return search
    ? `No ${noun} matches "${search}".`
    : `No ${noun} matches these filters.`;
}
