import type { ResponseOf } from '@collective/api-client/contract';
import { useApi } from '@collective/auth/react';
import {
  useQuery,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  differsOnlyIn,
  scopedQuery,
  type QueryEndpoint,
  type ScopedApi,
  type ScopedInput,
  type ScopedQueryKey,
} from '../scoped-query';
import { useTenancy } from './tenancy-provider';

/**
 * The API client and the signed-in user's scopes, from `useApi` and
 * `useTenancy`: what `scopedQuery` and `scopedMutation` take.
 */
export function useScopedApi(): ScopedApi {
  const api = useApi();
  const { scope, userScope } = useTenancy();
  return useMemo(() => ({ api, scope, userScope }), [api, scope, userScope]);
}

/** A query field of an entry's input (`'page'`, `'search'`). */
type QueryField<E extends QueryEndpoint> =
  ScopedInput<E> extends { query?: infer Q }
    ? Extract<keyof NonNullable<Q>, string>
    : never;

/** Options of {@link useScopedQuery}: TanStack's, but for the key, the fetch and `placeholderData`. */
export interface ScopedQueryOptions<E extends QueryEndpoint, TData>
  extends Omit<
    UseQueryOptions<ResponseOf<E>, Error, TData, ScopedQueryKey>,
    'queryKey' | 'queryFn' | 'placeholderData'
  > {
  /**
   * Keeps the previous answer on screen (`isPlaceholderData`) while the
   * next loads, when the query changed only in these fields (`['page']`):
   * paging keeps its place; another scope, search or order never shows
   * the old answer.
   */
  keepPreviousWhileChanging?: readonly QueryField<E>[];
}

/**
 * Reads a call of the contract in the current scope (decisions 0072):
 * `useScopedQuery(endpoints.stores, { query: { sort, page } })`. The key
 * starts with the tenant and the filter of the entry's scope, and a scoped
 * entry's request carries the filter's `member_id`, so a screen cannot
 * forget its scope nor show another scope's answer.
 */
export function useScopedQuery<E extends QueryEndpoint, TData = ResponseOf<E>>(
  endpoint: E,
  input: ScopedInput<E>,
  options: ScopedQueryOptions<E, TData> = {},
): UseQueryResult<TData, Error> {
  const { keepPreviousWhileChanging: fields, ...rest } = options;
  const query = scopedQuery(useScopedApi(), endpoint, input);
  return useQuery<ResponseOf<E>, Error, TData, ScopedQueryKey>({
    ...rest,
    ...query,
    ...(fields
      ? {
          placeholderData: (_previous, previousQuery) =>
            previousQuery &&
            differsOnlyIn(previousQuery.queryKey, query.queryKey, fields)
              ? previousQuery.state.data
              : undefined,
        }
      : {}),
  });
}
