import type { ListSpec } from './list-params';

/**
 * The page sizes most lists offer: 25 rows by default, or 50 or 100.
 * Spread it into a {@link ListSpec}: `{ sortable: [], ...STANDARD_PAGING }`.
 */
export const STANDARD_PAGING = {
  defaultPageSize: 25,
  pageSizes: [25, 50, 100],
} as const satisfies Pick<ListSpec, 'defaultPageSize' | 'pageSizes'>;
