import type { ApiClient } from '@collective/api-client';
import type {
  Endpoint,
  RequestInput,
  ResponseOf,
} from '@collective/api-client/contract';
import type { DataFilter } from '@collective/auth';
import { hashKey, type DataTag, type QueryKey } from '@tanstack/query-core';
import type { DataScope } from './data-scope';
import type { TenantCode } from './tenants';

/*
 * The one path of a screen's data (docs/decisions/0072-scoped-queries.md):
 * query options built from a contract entry and its input, keyed by the
 * scope first, with the data filter's member_id added to the request of a
 * scoped entry (writes: ./scoped-mutation). React-free; the hooks are in
 * ./react.
 */

/** A call of the contract that reads (GET): what {@link scopedQuery} takes. */
export type QueryEndpoint = Endpoint & { method: 'GET' };

type WithoutMember<Q> = Omit<Q, 'member_id'>;

/** Whether every field of `T` may be left out. */
export type AllOptional<T> = Partial<T> extends T ? true : false;

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

/**
 * The name of a contract entry (`stores`, `unreadCount`), as the contract's
 * tables set it. Throws a `TypeError` for an object that is not one of
 * their entries.
 */
export function endpointName(endpoint: Endpoint): string {
  if (endpoint.name === undefined)
    throw new TypeError(
      `${endpoint.method} ${endpoint.path} is not an entry of the contract: pass endpoints.<name> from @collective/api-client/contract, and add new calls to its tables.`,
    );
  return endpoint.name;
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
