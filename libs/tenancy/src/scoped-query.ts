import type { ApiClient } from '@collective/api-client';
import {
  endpoints,
  type Endpoint,
  type HttpMethod,
  type RequestInput,
  type ResponseOf,
} from '@collective/api-client/contract';
import type { DataFilter } from '@collective/auth';
import {
  hashKey,
  type DataTag,
  type MutationOptions,
  type Query,
  type QueryClient,
  type QueryKey,
} from '@tanstack/query-core';
import type { DataScope } from './data-scope';
import type { TenantCode } from './tenants';

/*
 * The one path of a screen's data (docs/decisions/0072-scoped-queries.md):
 * query options and mutation options built from a contract entry and its
 * input, keyed by the scope first, with the data filter's member_id added to
 * the request of a scoped entry. React-free; the hooks are in ./react.
 */

/** A call of the contract that reads (GET): what {@link scopedQuery} takes. */
export type QueryEndpoint = Endpoint & { method: 'GET' };

/** A call of the contract that writes: what {@link scopedMutation} takes. */
export type MutationEndpoint = Endpoint & {
  method: Exclude<HttpMethod, 'GET'>;
};

type WithoutMember<Q> = Omit<Q, 'member_id'>;

/** Whether every field of `T` may be left out. */
type AllOptional<T> = Partial<T> extends T ? true : false;

/**
 * What a screen gives for a call: the entry's `params`, `query` and `body`,
 * without `member_id`, which comes from the data scope. `query` may be left
 * out when none of its fields is required; `{}` when the call takes nothing.
 */
export type ScopedInput<E extends Endpoint> =
  RequestInput<E> extends infer I
    ? I extends { query: infer Q }
      ? Omit<I, 'query'> &
          (AllOptional<WithoutMember<Q>> extends true
            ? { query?: WithoutMember<Q> }
            : { query: WithoutMember<Q> })
      : I
    : never;

/**
 * The input part of a query key: path parameters and query as text, the
 * query without `member_id` (the key's filter says whose data it is) and
 * without absent fields, so equal requests share one key.
 */
export interface KeyInput {
  params?: Record<string, string>;
  query?: Record<string, string>;
}

/**
 * The key of every query built here: the scope first (decisions D4), then
 * the entry's `resource`, its name in the contract and its input.
 */
export type ScopedQueryKey = readonly [
  tenant: TenantCode,
  filter: DataFilter,
  resource: string,
  endpoint: string,
  input: KeyInput,
];

/**
 * The two scopes of the signed-in user, as the tenancy holds them: `scope`
 * (tenant and data filter of the current member selection) for program data,
 * `userScope` (before any selection) for the user's own records.
 */
export interface QueryScopes {
  scope: DataScope;
  userScope: DataScope;
}

/** What the factories need: the API client's `request` and the scopes (`{ api, ...tenancy.getState() }`). */
export interface ScopedApi extends QueryScopes {
  api: Pick<ApiClient, 'request'>;
}

/** What {@link scopedMutation} needs: a {@link ScopedApi} and the query client whose answers it refreshes. */
export interface ScopedWrites extends ScopedApi {
  queryClient: Pick<
    QueryClient,
    'cancelQueries' | 'invalidateQueries' | 'getQueryCache' | 'setQueryData'
  >;
}

let names: Map<Endpoint, string> | undefined;

/**
 * The name of a contract entry in the `endpoints` table (`stores`,
 * `unreadCount`), found by identity: the table is the one list. Throws a
 * `TypeError` for an object that is not one of its entries.
 */
export function endpointName(endpoint: Endpoint): string {
  names ??= new Map(
    Object.entries(endpoints).map(([name, entry]) => [entry as Endpoint, name]),
  );
  const name = names.get(endpoint);
  if (name === undefined)
    throw new TypeError(
      `${endpoint.method} ${endpoint.path} is not an entry of the contract: pass endpoints.<name> from @collective/api-client/contract, and add new calls to that table.`,
    );
  return name;
}

/**
 * The scope an entry's answers belong to: the data scope for a `scoped`
 * entry (program data, decisions D12), the user's scope for every other
 * (the user's own records: notifications, API keys), which choosing a
 * member does not change.
 */
export function scopeOf(
  endpoint: Pick<Endpoint, 'scoped'>,
  scopes: QueryScopes,
): DataScope {
  return endpoint.scoped ? scopes.scope : scopes.userScope;
}

/** The present fields of a query as text, without `member_id`. */
function ownQuery(
  query: Record<string, unknown> | undefined,
): Record<string, string> {
  const own: Record<string, string> = {};
  for (const [name, value] of Object.entries(query ?? {})) {
    if (name !== 'member_id' && value !== undefined) own[name] = String(value);
  }
  return own;
}

/** {@link KeyInput} of a call's input. */
function keyInput(input: {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
}): KeyInput {
  const query = ownQuery(input.query);
  return {
    ...(input.params
      ? {
          params: Object.fromEntries(
            Object.entries(input.params).map(([k, v]) => [k, String(v)]),
          ),
        }
      : {}),
    ...(Object.keys(query).length > 0 ? { query } : {}),
  };
}

/**
 * The start of the keys of one resource in one scope, `[tenant, filter,
 * resource]`: the key factory every entry of the resource shares (the
 * notifications bell and the notifications screen).
 */
export function resourceQueryKey(
  scope: DataScope,
  resource: string,
): readonly [TenantCode, DataFilter, string] {
  return [scope.tenant, scope.filter, resource];
}

/**
 * The query key of a call in a scope: `[tenant, filter, resource, name,
 * input]`. Typed with the entry's answer, so
 * `queryClient.getQueryData(key)` knows what it holds.
 */
export function endpointQueryKey<E extends QueryEndpoint>(
  scope: DataScope,
  endpoint: E,
  input: ScopedInput<E>,
): DataTag<ScopedQueryKey, ResponseOf<E>, Error> {
  return [
    ...resourceQueryKey(scope, endpoint.resource),
    endpointName(endpoint),
    keyInput(input as Parameters<typeof keyInput>[0]),
  ] as unknown as DataTag<ScopedQueryKey, ResponseOf<E>, Error>;
}

/**
 * The request of a call in the scopes: for a `scoped` entry the query
 * carries the data filter's `member_id` (none for the whole collective);
 * for any other it never carries one, whatever the input holds. Throws a
 * `TypeError` for a scoped entry without a query schema, which could not
 * carry the filter.
 */
export function scopedRequest<E extends Endpoint>(
  endpoint: E,
  scopes: QueryScopes,
  input: ScopedInput<E>,
): RequestInput<E> {
  const { query, ...rest } = input as {
    query?: Record<string, unknown>;
  };
  const own = ownQuery(query);
  if (!endpoint.query) {
    if (endpoint.scoped)
      throw new TypeError(
        `${endpoint.method} ${endpoint.path} is scoped but declares no query: give its contract entry a query schema with member_id, which carries the data filter.`,
      );
    return rest as RequestInput<E>;
  }
  const { filter } = scopeOf(endpoint, scopes);
  const member =
    endpoint.scoped && 'member_id' in filter
      ? { member_id: String(filter.member_id) }
      : {};
  return { ...rest, query: { ...member, ...own } } as RequestInput<E>;
}

/**
 * Query options of a call of the contract (decisions 0072): the key starts
 * with the call's scope ({@link scopeOf}), the request gets the filter's
 * `member_id` when the entry is scoped, and TanStack's abort signal is
 * passed on. `scopedQuery({ api, ...scopes }, endpoints.stores, { query })`.
 */
export function scopedQuery<E extends QueryEndpoint>(
  scoped: ScopedApi,
  endpoint: E,
  input: ScopedInput<E>,
): {
  queryKey: DataTag<ScopedQueryKey, ResponseOf<E>, Error>;
  queryFn: (context: { signal: AbortSignal }) => Promise<ResponseOf<E>>;
} {
  const request = scopedRequest(endpoint, scoped, input);
  return {
    queryKey: endpointQueryKey(scopeOf(endpoint, scoped), endpoint, input),
    queryFn: ({ signal }) => scoped.api.request(endpoint, request, { signal }),
  };
}

/**
 * Whether two scoped query keys differ at most in the named query fields:
 * the same tenant, filter, entry and other input. The store list keeps its
 * previous page on screen only then, never for another scope or search.
 */
export function differsOnlyIn(
  previous: QueryKey,
  next: QueryKey,
  fields: readonly string[],
): boolean {
  const rest = (key: QueryKey) => {
    const input = (key[4] ?? {}) as KeyInput;
    const query = { ...input.query };
    for (const field of fields) delete query[field];
    return hashKey([...key.slice(0, 4), { ...input, query }]);
  };
  return (
    previous.length === 5 && next.length === 5 && rest(previous) === rest(next)
  );
}

/** Whether a query key belongs to a resource (any scope). */
export function isResourceKey(key: QueryKey, resource: string): boolean {
  return key[2] === resource;
}

/**
 * Whether a query key is of exactly this scope. (TanStack's prefix filters
 * match objects partially: `[tenant, {}]` would also match every member's
 * keys.)
 */
export function isScopeKey(key: QueryKey, scope: DataScope): boolean {
  return hashKey(key.slice(0, 2)) === hashKey([scope.tenant, scope.filter]);
}

/** The cached answers an optimistic update may change; see {@link ScopedMutationSettings}. */
export interface OptimisticCache {
  /**
   * Changes every cached answer of a read in its scope (any input), at once,
   * and gives the new answers; a failed write puts each one back. Answers
   * not loaded yet stay so.
   */
  update<E extends QueryEndpoint>(
    endpoint: E,
    change: (answer: ResponseOf<E>, input: KeyInput) => ResponseOf<E>,
  ): ResponseOf<E>[];
}

/** What a call of a write's `mutate` takes: its {@link ScopedInput}, or nothing when it needs none. */
export type MutationInput<E extends Endpoint> =
  AllOptional<ScopedInput<E>> extends true
    ? ScopedInput<E> | void
    : ScopedInput<E>;

/** Settings of {@link scopedMutation}. */
export interface ScopedMutationSettings<E extends MutationEndpoint> {
  /**
   * Shows the write's outcome before the server answers: change the cached
   * answers through `cache` (reads of this resource are cancelled first).
   * A refusal puts them back; every read of the resource is fetched again
   * once the write settles.
   */
  optimistic?: (cache: OptimisticCache, input: ScopedInput<E>) => void;
}

/** The answers an optimistic update replaced, under their keys, to put back after a refusal. */
export type OptimisticSnapshot = readonly (readonly [QueryKey, unknown])[];

/**
 * Mutation options of a write of the contract (decisions 0072): the request
 * is built as for a read ({@link scopedRequest}); when the write settles,
 * every query of its `resource` is invalidated, in every scope (a record
 * shows under the collective, its member and a tenant limited to it alike;
 * only the queries on screen refetch). `settings.optimistic` changes cached
 * answers first and puts them back after a refusal.
 */
export function scopedMutation<E extends MutationEndpoint>(
  writes: ScopedWrites,
  endpoint: E,
  settings: ScopedMutationSettings<E> = {},
): MutationOptions<
  ResponseOf<E>,
  Error,
  MutationInput<E>,
  OptimisticSnapshot | undefined
> {
  const { queryClient } = writes;
  const scope = scopeOf(endpoint, writes);
  const ofResource = {
    predicate: (query: Query) =>
      isResourceKey(query.queryKey, endpoint.resource),
  };
  const { optimistic } = settings;
  return {
    mutationKey: [
      ...resourceQueryKey(scope, endpoint.resource),
      endpointName(endpoint),
    ],
    mutationFn: (input) =>
      writes.api.request(
        endpoint,
        scopedRequest(endpoint, writes, (input ?? {}) as ScopedInput<E>),
      ),
    ...(optimistic
      ? {
          onMutate: async (input: MutationInput<E>) => {
            await queryClient.cancelQueries(ofResource);
            const replaced: (readonly [QueryKey, unknown])[] = [];
            optimistic(
              {
                update(read, change) {
                  const readScope = scopeOf(read, writes);
                  const changed: ResponseOf<typeof read>[] = [];
                  const name = endpointName(read);
                  for (const query of queryClient.getQueryCache().findAll({
                    predicate: ({ queryKey }) =>
                      isResourceKey(queryKey, read.resource) &&
                      queryKey[3] === name &&
                      isScopeKey(queryKey, readScope),
                  })) {
                    const answer = query.state.data as
                      | ResponseOf<typeof read>
                      | undefined;
                    if (answer === undefined) continue;
                    const next = change(answer, query.queryKey[4] as KeyInput);
                    replaced.push([query.queryKey, answer]);
                    queryClient.setQueryData(query.queryKey, next);
                    changed.push(next);
                  }
                  return changed;
                },
              },
              (input ?? {}) as ScopedInput<E>,
            );
            return replaced;
          },
        }
      : {}),
    onError: (_error, _input, replaced) => {
      // Last first, so an answer changed twice gets its first value back.
      for (const [key, answer] of [...(replaced ?? [])].reverse())
        queryClient.setQueryData(key, answer);
    },
    onSettled: () => queryClient.invalidateQueries(ofResource),
  };
}
