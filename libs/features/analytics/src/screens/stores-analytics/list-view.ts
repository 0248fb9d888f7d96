import type { StoreSort } from '@collective/api-client';
import { STORE_SORTS } from '@collective/api-client/contract';
import type { StoreListView } from '../../data/stores';

/** The sort orders offered, with their names for people. */
export const SORT_OPTIONS: readonly { value: StoreSort; label: string }[] = [
  { value: 'name', label: 'Name, A to Z' },
  { value: '-name', label: 'Name, Z to A' },
  { value: 'city', label: 'City, A to Z' },
  { value: '-weight', label: 'Most collected' },
  { value: 'weight', label: 'Least collected' },
  { value: '-last_shipment', label: 'Latest shipment' },
];

const isSort = (value: string | null): value is StoreSort =>
  (STORE_SORTS as readonly (string | null)[]).includes(value);

/**
 * The list's view as the URL holds it (`?search=…&sort=…&page=…`), so a
 * reload, a bookmark and the browser's Back keep it. Anything malformed
 * falls back to the default, never to an error.
 */
export function readListView(params: URLSearchParams): StoreListView {
  const sort = params.get('sort');
  const page = Number(params.get('page'));
  return {
    search: (params.get('search') ?? '').slice(0, 100),
    sort: isSort(sort) ? sort : 'name',
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/** The URL query of a list view, leaving defaults out. */
export function listViewParams(view: StoreListView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.search) params.set('search', view.search);
  if (view.sort !== 'name') params.set('sort', view.sort);
  if (view.page !== 1) params.set('page', String(view.page));
  return params;
}

/** The chosen store (`?store=<id>`), or null for the list. */
export function readStoreId(params: URLSearchParams): number | null {
  const text = params.get('store');
  return text && /^[1-9]\d{0,9}$/.test(text) ? Number(text) : null;
}
