/**
 * The page a list call asks for, as its answer repeats it (the contract's
 * `pageEntries`): `page` and `page_size` as the query gives them, else the
 * first page of the list's default size. A handler hands it to the query
 * that reads the page (`LIMIT page_size OFFSET pageOffset(…)`) and spreads
 * it into its answer beside the `total` it read.
 */
export interface AskedPage {
  page: number;
  page_size: number;
}

/** The page `query` asks for: page 1 and `defaultSize` items unless it says otherwise. */
export function askedPage(
  query: { page?: number | undefined; page_size?: number | undefined },
  defaultSize: number,
): AskedPage {
  return { page: query.page ?? 1, page_size: query.page_size ?? defaultSize };
}

/** How many items come before the page asked for: the list's OFFSET. */
export function pageOffset({ page, page_size }: AskedPage): number {
  return (page - 1) * page_size;
}

/**
 * `LIMIT … OFFSET …` of the page asked for, each number written by `param`
 * (a query's placeholder maker, e.g. `where.param`).
 */
export function pageClause(
  paging: AskedPage,
  param: (value: number) => string,
): string {
  return `LIMIT ${param(paging.page_size)} OFFSET ${param(pageOffset(paging))}`;
}
