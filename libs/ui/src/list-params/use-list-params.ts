import type { PaginationProps } from '../pagination/pagination';
import { useMemo, useRef } from 'react';
import {
  listParamsToSearch,
  parseListParams,
  type ListSort,
  type ListSpec,
  type ListState,
} from './list-params';

/** How a URL change is made: `replace` rewrites the current history entry instead of adding one. */
export interface SearchParamsChange {
  replace?: boolean;
}

/**
 * The URL's search parameters and their setter, as react-router's
 * `useSearchParams()` returns them; ui takes the pair from the caller so it
 * needs no router.
 */
export type SearchParamsPair = readonly [
  URLSearchParams,
  (next: URLSearchParams, change?: SearchParamsChange) => void,
];

/** The list state of {@link useListParams} and the changes a list screen makes to it. */
export interface ListParams {
  state: ListState;
  /** Sorts by a column (back to page 1). */
  setSort: (sort: ListSort | null) => void;
  setPage: (page: number) => void;
  /** Changes the page size (back to page 1). */
  setPageSize: (pageSize: number) => void;
  /**
   * Sets one filter ("" removes it; back to page 1). Pass `{ replace: true }`
   * while the user types, so each keystroke does not add a history entry.
   */
  setFilter: (key: string, value: string, change?: SearchParamsChange) => void;
  /** Removes every filter (back to page 1). */
  clearFilters: () => void;
  /** Shows these columns (`undefined`: the defaults); the history entry is replaced. */
  setColumns: (columns: string[] | undefined) => void;
  /** Replaces the whole state at once, e.g. to apply a saved view (back to its own page). */
  setState: (state: ListState) => void;
}

/**
 * A list's sort, page, size, filters and columns kept in the URL: read with
 * {@link parseListParams}, written with {@link listParamsToSearch}. Changing
 * a filter, the sort or the size goes back to page 1; a change that would
 * leave the URL as it is makes no history entry. `spec` must be stable
 * (module scope).
 *
 * @example
 * const list = useListParams(storeListSpec, useSearchParams());
 */
export function useListParams(
  spec: ListSpec,
  [searchParams, setSearchParams]: SearchParamsPair,
): ListParams {
  const query = searchParams.toString();
  // The query the last change asked for while the URL still showed `from`.
  // Two changes made before the next render (two filters picked in quick
  // succession) then build on each other: react-router's setter gives the
  // rendered parameters, so the second would undo the first.
  const asked = useRef<{ from: string; to: string } | null>(null);
  return useMemo(() => {
    const state = parseListParams(query, spec);
    const commit = (
      change: (current: ListState) => ListState,
      how: SearchParamsChange = {},
    ) => {
      const base = asked.current?.from === query ? asked.current.to : query;
      const params = listParamsToSearch(
        change(parseListParams(base, spec)),
        spec,
        base,
      );
      const text = params.toString();
      if (text === base) return;
      asked.current = { from: query, to: text };
      setSearchParams(params, how);
    };
    return {
      state,
      setSort: (sort) => commit((s) => ({ ...s, sort, page: 1 })),
      setPage: (page) => commit((s) => ({ ...s, page })),
      setPageSize: (pageSize) => commit((s) => ({ ...s, pageSize, page: 1 })),
      setFilter: (key, value, how) =>
        commit(
          (s) => ({ ...s, filters: { ...s.filters, [key]: value }, page: 1 }),
          how,
        ),
      clearFilters: () => commit((s) => ({ ...s, filters: {}, page: 1 })),
      setColumns: (columns) =>
        commit((s) => ({ ...s, columns }), { replace: true }),
      setState: (next) => commit(() => next),
    };
  }, [query, spec, setSearchParams]);
}

/**
 * The `pagination` of a `DataTable` over a list the server pages:
 * the page and size from the URL, the page count from the answer's
 * `total` (0 until an answer has come), the sizes of `spec`.
 *
 * @example
 * <DataTable pagination={listPagination(list, SPEC, page?.total)} … />
 */
export function listPagination(
  list: ListParams,
  spec: Pick<ListSpec, 'pageSizes'>,
  total: number | undefined,
): Omit<PaginationProps, 'label'> {
  const { page, pageSize } = list.state;
  return {
    page,
    pageCount: total === undefined ? 0 : Math.ceil(total / pageSize),
    onPage: list.setPage,
    pageSize,
    pageSizes: spec.pageSizes,
    onPageSize: list.setPageSize,
  };
}
