/**
 * Constants of the list kit and the form kit, in one typed module (as
 * theming keeps its own): the URL's parameter names, the limits that keep
 * hostile URLs out of the list state, and the texts the specification fixes.
 */

/** URL parameter of the sort: `sort=name` ascending, `sort=-name` descending (as the API's `sort`). */
export const SORT_PARAM = 'sort';
/** URL parameter of the page, from 1; absent on page 1. */
export const PAGE_PARAM = 'page';
/** URL parameter of the page size (as the API's `page_size`); absent at the default size. */
export const PAGE_SIZE_PARAM = 'page_size';
/** URL parameter of the chosen columns, comma-separated ids; absent for the default columns. */
export const COLUMNS_PARAM = 'columns';
/** Parameter names a filter may not take, since the list state uses them itself. */
export const RESERVED_LIST_PARAMS: readonly string[] = [
  SORT_PARAM,
  PAGE_PARAM,
  PAGE_SIZE_PARAM,
  COLUMNS_PARAM,
];

/** The highest page a URL may ask for; anything above is a hostile or broken link. */
export const MAX_PAGE = 1_000_000;
/** The longest filter value taken from a URL (characters); longer values are dropped. */
export const MAX_FILTER_LENGTH = 200;

/** How long the search field waits after the last keystroke before it filters the list. */
export const SEARCH_DEBOUNCE_MS = 300;

/** What a form says when the server answers 409: the record changed under the user. */
export const CONFLICT_MESSAGE =
  'Someone else changed this record while you were editing it. Your changes are kept below; review them, then reload the latest version.';
