import { formatNumber } from '@collective/ui';

/** How many of a record there are, for people: "1 store", "12 stores". */
export function counted(n: number, one: string, many: string): string {
  return `${formatNumber(n)} ${n === 1 ? one : many}`;
}

/**
 * The caption and empty text of a record list (stores, members): "12
 * stores" once its page is in, the plural capitalised ("Stores") until
 * then; `No store matches "ann".` while a search is typed, else
 * `No store matches.`
 */
export function recordListText(
  one: string,
  many: string,
  total: number | undefined,
  search: string,
): { caption: string; emptyText: string } {
  return {
    caption:
      total === undefined
        ? `${many.charAt(0).toUpperCase()}${many.slice(1)}`
        : counted(total, one, many),
    emptyText: search ? `No ${one} matches "${search}".` : `No ${one} matches.`,
  };
}
