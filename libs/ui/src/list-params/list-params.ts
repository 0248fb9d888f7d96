import {
  COLUMNS_PARAM,
  MAX_FILTER_LENGTH,
  MAX_PAGE,
  PAGE_PARAM,
  PAGE_SIZE_PARAM,
  RESERVED_LIST_PARAMS,
  SORT_PARAM,
} from '../constants';

/** The one column a server-side list is sorted by, and its direction. */
export interface ListSort {
  /** The column's id, also the API's sort key. */
  id: string;
  desc: boolean;
}

/**
 * What a list screen shows: its sort, page, page size, filters and chosen
 * columns. Kept in the URL, so a link, a reload and the Back button show the
 * same list; the server sorts, filters and pages by it.
 */
export interface ListState {
  sort: ListSort | null;
  /** The page shown, from 1. */
  page: number;
  pageSize: number;
  /** Filter values by filter key; a filter that is not set is absent (never ""). */
  filters: Record<string, string>;
  /** The ids of the columns shown, in the spec's order; absent for the default columns. */
  columns?: string[];
}

/**
 * A filter's allowed values: `'text'` for free text (a search field), or the
 * list of values a select offers.
 */
export type ListFilterSpec = 'text' | readonly string[];

/**
 * What a list accepts from its URL. Define it once at module scope: anything
 * a URL says outside it falls back to the defaults.
 */
export interface ListSpec {
  /** The column ids the server can sort by. */
  sortable: readonly string[];
  /** The sort when the URL names none; `null` (the default) for the server's own order. */
  defaultSort?: ListSort | null;
  defaultPageSize: number;
  /** The page sizes a user may choose; the default size is always allowed. */
  pageSizes?: readonly number[];
  /** The filters, by URL parameter name (not `sort`, `page`, `page_size` or `columns`). */
  filters?: Readonly<Record<string, ListFilterSpec>>;
  /** The column ids a user may choose from, in table order. */
  columns?: readonly string[];
}

/**
 * Whether a text holds a C0 or C1 control character, or a UTF-16 surrogate
 * without its pair (URLSearchParams would turn it into U+FFFD, so it could
 * not come back from the URL as it went in).
 */
export function hasUnsafeText(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(index + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return true;
      index += 1;
    } else if (code >= 0xdc00 && code <= 0xdfff) return true;
  }
  return false;
}

/** The default state of a spec: default sort and size, page 1, no filters. */
export function defaultListState(spec: ListSpec): ListState {
  return {
    sort: spec.defaultSort ? { ...spec.defaultSort } : null,
    page: 1,
    pageSize: spec.defaultPageSize,
    filters: {},
  };
}

function filterKeys(spec: ListSpec): string[] {
  return Object.keys(spec.filters ?? {}).filter(
    (key) => !RESERVED_LIST_PARAMS.includes(key),
  );
}

/** A filter value the spec accepts for this key, or `undefined`. */
function validFilter(
  spec: ListSpec,
  key: string,
  value: unknown,
): string | undefined {
  const allowed = spec.filters?.[key];
  if (allowed === undefined || typeof value !== 'string' || value === '')
    return undefined;
  if (value.length > MAX_FILTER_LENGTH || hasUnsafeText(value))
    return undefined;
  if (allowed !== 'text' && !allowed.includes(value)) return undefined;
  return value;
}

function validSort(spec: ListSpec, sort: unknown): ListSort | null {
  if (typeof sort !== 'object' || sort === null) return null;
  const { id, desc } = sort as Partial<ListSort>;
  if (typeof id !== 'string' || !spec.sortable.includes(id)) return null;
  return { id, desc: desc === true };
}

function validPageSize(spec: ListSpec, size: unknown): number | undefined {
  if (typeof size !== 'number') return undefined;
  return size === spec.defaultPageSize || spec.pageSizes?.includes(size)
    ? size
    : undefined;
}

function validColumns(
  spec: ListSpec,
  ids: readonly unknown[],
): string[] | undefined {
  const chosen = (spec.columns ?? []).filter((id) => ids.includes(id));
  return chosen.length > 0 ? chosen : undefined;
}

function sameSort(a: ListSort | null, b: ListSort | null): boolean {
  return (
    a === b || (a !== null && b !== null && a.id === b.id && a.desc === b.desc)
  );
}

/**
 * Any state, made valid for the spec: an unknown sort, a page below 1 or
 * not whole, a size not offered, a filter value not allowed and columns not
 * known all fall back to the defaults.
 */
export function normalizeListState(
  state: ListState,
  spec: ListSpec,
): ListState {
  const defaults = defaultListState(spec);
  const page =
    Number.isInteger(state.page) && state.page >= 1 && state.page <= MAX_PAGE
      ? state.page
      : 1;
  const filters: Record<string, string> = {};
  for (const key of filterKeys(spec)) {
    const value = validFilter(spec, key, state.filters[key]);
    if (value !== undefined) filters[key] = value;
  }
  const columns = Array.isArray(state.columns)
    ? validColumns(spec, state.columns)
    : undefined;
  return {
    sort: validSort(spec, state.sort) ?? defaults.sort,
    page,
    pageSize: validPageSize(spec, state.pageSize) ?? defaults.pageSize,
    filters,
    ...(columns ? { columns } : {}),
  };
}

/**
 * Reads a list's state from a URL query (`URLSearchParams` or a string such
 * as `location.search`). Never throws: whatever a URL holds that the spec
 * does not allow (an unknown sort, page -3, a 10 kB filter, control
 * characters) gives the default for that part.
 */
export function parseListParams(
  searchParams: URLSearchParams | string,
  spec: ListSpec,
): ListState {
  const params =
    typeof searchParams === 'string'
      ? new URLSearchParams(searchParams)
      : searchParams;
  const sortText = params.get(SORT_PARAM) ?? '';
  const desc = sortText.startsWith('-');
  const pageText = params.get(PAGE_PARAM) ?? '';
  const sizeText = params.get(PAGE_SIZE_PARAM) ?? '';
  const columnsText = params.get(COLUMNS_PARAM);
  const filters: Record<string, string> = {};
  for (const key of filterKeys(spec)) {
    const value = params.get(key);
    if (value !== null) filters[key] = value;
  }
  return normalizeListState(
    {
      sort: { id: desc ? sortText.slice(1) : sortText, desc },
      // Digits only: "1e3", " 2", "0x10" and "+4" are not pages.
      page: /^[1-9][0-9]{0,6}$/.test(pageText) ? Number(pageText) : 1,
      pageSize: /^[1-9][0-9]{0,4}$/.test(sizeText)
        ? Number(sizeText)
        : Number.NaN,
      filters,
      ...(columnsText !== null ? { columns: columnsText.split(',') } : {}),
    },
    spec,
  );
}

/**
 * Writes a list's state into URL parameters, leaving out what is at its
 * default (page 1, the default sort and size, unset filters), so URLs stay
 * short. Parameters of `base` that are not the list's are kept. The state is
 * normalized first, so nothing invalid reaches the URL.
 */
export function listParamsToSearch(
  state: ListState,
  spec: ListSpec,
  base?: URLSearchParams | string,
): URLSearchParams {
  const params = new URLSearchParams(base);
  const keys = filterKeys(spec);
  for (const key of [...RESERVED_LIST_PARAMS, ...keys]) params.delete(key);
  const valid = normalizeListState(state, spec);
  const defaults = defaultListState(spec);
  if (valid.sort && !sameSort(valid.sort, defaults.sort))
    params.set(SORT_PARAM, sortText(valid.sort));
  if (valid.page !== 1) params.set(PAGE_PARAM, String(valid.page));
  if (valid.pageSize !== defaults.pageSize)
    params.set(PAGE_SIZE_PARAM, String(valid.pageSize));
  for (const key of keys) {
    const value = valid.filters[key];
    if (value !== undefined) params.set(key, value);
  }
  if (valid.columns) params.set(COLUMNS_PARAM, valid.columns.join(','));
  return params;
}

/** A sort as text, in the URL and in the API's queries: the column's id, after `-` when descending. */
export function sortText(sort: ListSort): string {
  return `${sort.desc ? '-' : ''}${sort.id}`;
}

/**
 * The API's sort for a list's: its text when it is one of the sorts the
 * endpoint `known`s, else undefined (the server's default order).
 */
export function apiSort<const TSort extends string>(
  sort: ListSort | null,
  known: readonly TSort[],
): TSort | undefined {
  const text = sort ? sortText(sort) : undefined;
  return known.find((candidate) => candidate === text);
}
