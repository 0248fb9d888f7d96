import type { DataStateProps } from '../data-state/data-state';

/** What {@link queryState} reads of a query (React Query's result). */
export interface StateQuery {
  status: DataStateProps['status'];
  error: { message: string } | null;
  refetch: () => unknown;
}

/**
 * The props of a {@link DataState} that follow its query: where the data
 * is, what failed, and Retry asking again. Spread it:
 * `<DataState {...queryState(answer)} loadingText="Loading…">`.
 */
export function queryState(
  query: StateQuery,
): Pick<DataStateProps, 'status' | 'error' | 'onRetry'> {
  return {
    status: query.status,
    error: query.error,
    onRetry: () => void query.refetch(),
  };
}
