import type { StoreSort } from '@collective/api-client';
import { shellEndpoints } from '@collective/api-client/contract';
import { useScopedQuery } from '@collective/tenancy/react';

/** Stores per page of the list. */
export const STORES_PAGE_SIZE = 20;

/** What the store list shows: the search, the order and the page. */
export interface StoreListView {
  search: string;
  sort: StoreSort;
  page: number;
}

/**
 * One page of the stores in scope. While another page of the same list
 * loads, the page before stays shown (`isPlaceholderData`), so Previous and
 * Next keep their place and focus; another scope, search or order never
 * shows the old list.
 */
export function useStores({ search, sort, page }: StoreListView) {
  return useScopedQuery(
    shellEndpoints.stores,
    {
      query: {
        search: search || undefined,
        sort,
        page: String(page),
        page_size: String(STORES_PAGE_SIZE),
      },
    },
    { keepPreviousWhileChanging: ['page'] },
  );
}

/** One store of the scope, with its history; a store of another scope fails with 404. */
export function useStore(id: number) {
  return useScopedQuery(shellEndpoints.store, { params: { id } });
}
