import type { ApiClient, StoreSort } from '@collective/api-client';
import { useApi } from '@collective/auth/react';
import {
  memberScopeOf,
  scopedQueryKey,
  type DataScope,
} from '@collective/tenancy';
import { useDataScope } from '@collective/tenancy/react';
import { queryOptions, useQuery, type QueryKey } from '@tanstack/react-query';

/** Stores per page of the list. */
export const STORES_PAGE_SIZE = 20;

/** What the store list shows: the search, the order and the page. */
export interface StoreListView {
  search: string;
  sort: StoreSort;
  page: number;
}

/** Query options of one page of the store list, keyed by the data scope and the view. */
export function storesQueryOptions(
  api: Pick<ApiClient, 'stores'>,
  scope: DataScope,
  view: StoreListView,
) {
  return queryOptions({
    queryKey: scopedQueryKey(scope, 'stores', 'list', view),
    queryFn: ({ signal }) =>
      api.stores.list(
        {
          ...memberScopeOf(scope),
          ...(view.search ? { search: view.search } : {}),
          sort: view.sort,
          page: view.page,
          pageSize: STORES_PAGE_SIZE,
        },
        { signal },
      ),
  });
}

/** Query options of one store's detail, keyed by the data scope and the store. */
export function storeQueryOptions(
  api: Pick<ApiClient, 'stores'>,
  scope: DataScope,
  id: number,
) {
  return queryOptions({
    queryKey: scopedQueryKey(scope, 'stores', 'detail', id),
    queryFn: ({ signal }) =>
      api.stores.get(id, memberScopeOf(scope), { signal }),
  });
}

/** Whether two list keys differ at most by their page: the same scope, search and order. */
function samePagesOf(a: QueryKey, b: QueryKey): boolean {
  const withoutPage = (key: QueryKey) =>
    JSON.stringify([...key.slice(0, -1), { ...(key.at(-1) ?? {}), page: 0 }]);
  return withoutPage(a) === withoutPage(b);
}

/**
 * One page of the stores in scope. While another page of the same list
 * loads, the page before stays shown (`isPlaceholderData`), so Previous and
 * Next keep their place and focus; another scope, search or order never
 * shows the old list.
 */
export function useStores(view: StoreListView) {
  const options = storesQueryOptions(useApi(), useDataScope(), view);
  return useQuery({
    ...options,
    placeholderData: (previous, previousQuery) =>
      previousQuery && samePagesOf(previousQuery.queryKey, options.queryKey)
        ? previous
        : undefined,
  });
}

/** One store of the scope, with its history; a store of another scope fails with 404. */
export function useStore(id: number) {
  return useQuery(storeQueryOptions(useApi(), useDataScope(), id));
}
