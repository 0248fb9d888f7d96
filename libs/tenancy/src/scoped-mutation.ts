import type {
  Endpoint,
  HttpMethod,
  ResponseOf,
} from '@collective/api-client/contract';
import type { Transport } from '@collective/api-client';
import type {
  MutationOptions,
  Query,
  QueryClient,
  QueryKey,
} from '@tanstack/query-core';
import {
  endpointName,
  type AllOptional,
  isResourceKey,
  isScopeKey,
  resourceQueryKey,
  scopedRequest,
  scopeOf,
  type KeyInput,
  type QueryEndpoint,
  type ScopedApi,
  type ScopedInput,
} from './scoped-query';

/*
 * Writes of the contract in the current scope (docs/decisions/0072): the
 * request built as for a read, every query of the entry's resource
 * invalidated when the write settles, optional optimistic changes put back
 * after a refusal. React-free; the hook is in ./react.
 */

/**
 * One Idempotency-Key per `mutate` call: TanStack Query retries a mutation
 * (once, spec §9) with the same variables object, so keying by it makes the
 * retry the same request and the server makes one record.
 */
const idempotencyKeys = new WeakMap<object, string>();
function idempotencyKeyOf(input: object): string {
  let key = idempotencyKeys.get(input);
  if (!key) {
    key = globalThis.crypto.randomUUID();
    idempotencyKeys.set(input, key);
  }
  return key;
}

/** A call of the contract that writes: what {@link scopedMutation} takes. */
export type MutationEndpoint = Endpoint & {
  method: Exclude<HttpMethod, 'GET'>;
};

/** What {@link scopedMutation} needs: a {@link ScopedApi} and the query client whose answers it refreshes. */
export interface ScopedWrites extends ScopedApi {
  queryClient: Pick<
    QueryClient,
    'cancelQueries' | 'invalidateQueries' | 'getQueryCache' | 'setQueryData'
  >;
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
  /** For an upload: how to send it instead of fetch (`xhrTransport` to show its progress). */
  transport?: Transport;
  /**
   * `everything`: the write changes records of many resources (the demo
   * clean-up), so every query is fetched again once it settles, not only
   * those of its own resource.
   */
  invalidates?: 'resource' | 'everything';
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
    mutationFn: (input) => {
      const request = scopedRequest(
        endpoint,
        writes,
        (input ?? {}) as ScopedInput<E>,
      );
      const progress = settings.transport
        ? { transport: settings.transport }
        : null;
      if (endpoint.idempotent && typeof input === 'object' && input !== null)
        return writes.api.request(endpoint, request, {
          ...progress,
          idempotencyKey: idempotencyKeyOf(input),
        });
      return progress
        ? writes.api.request(endpoint, request, progress)
        : writes.api.request(endpoint, request);
    },
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
    onSettled: () =>
      settings.invalidates === 'everything'
        ? queryClient.invalidateQueries()
        : queryClient.invalidateQueries(ofResource),
  };
}
