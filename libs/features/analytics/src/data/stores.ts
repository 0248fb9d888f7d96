import type { ApiClient, StoreSort } from '@collective/api-client';
import { useApi } from '@collective/auth/react';
import {
  memberScopeOf,
  scopedQueryKey,
  type DataScope,
} from '@collective/tenancy';
import { useDataScope } from '@collective/tenancy/react';
import { queryOptions, useQuery } from '@tanstack/react-query';

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

/** One page of the stores in scope. */
export function useStores(view: StoreListView) {
  return useQuery(storesQueryOptions(useApi(), useDataScope(), view));
}

/** One store of the scope, with its history; a store of another scope fails with 404. */
export function useStore(id: number) {
  return useQuery(storeQueryOptions(useApi(), useDataScope(), id));
}
