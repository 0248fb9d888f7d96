/**
 * What a searched, sorted and paged list asks its server for, as a data
 * hook's view holds it; a list's own filters extend it.
 */
export interface ListQueryView<TSort extends string> {
  /** The search typed, `''` for none. */
  search: string;
  /** The API's sort (`apiSort`), or none for the server's default. */
  sort: TSort | undefined;
  page: number;
  pageSize: number;
}

/**
 * The query of a {@link ListQueryView} as the API reads it: no search
 * when none is typed, the page and its size as text. Spread it into the
 * request's query beside the list's filters.
 */
export function listQuery<TSort extends string>(view: ListQueryView<TSort>) {
  return {
    search: view.search || undefined,
    sort: view.sort,
    page: String(view.page),
    page_size: String(view.pageSize),
  };
}
