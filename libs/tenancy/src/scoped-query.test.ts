import { createApiClient } from '@collective/api-client';
import {
  endpoints,
  MAX_RECORD_ID,
  TENANT_CODES,
  type Endpoint,
} from '@collective/api-client/contract';
import { hashKey } from '@tanstack/query-core';
import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';
import type { DataScope } from './data-scope';
import {
  differsOnlyIn,
  endpointName,
  endpointQueryKey,
  resourceQueryKey,
  scopedQuery,
  scopedRequest,
  scopeOf,
  type QueryEndpoint,
  type QueryScopes,
  type ScopedApi,
} from './scoped-query';

const entries = Object.entries(endpoints) as [string, Endpoint][];
const reads = entries.filter(([, e]) => e.method === 'GET') as [
  string,
  QueryEndpoint,
][];

const memberId = fc.integer({ min: 1, max: MAX_RECORD_ID });
const filter = fc.oneof(
  fc.constant({}),
  memberId.map((member_id) => ({ member_id })),
);
const scope: fc.Arbitrary<DataScope> = fc.record({
  tenant: fc.constantFrom(...TENANT_CODES),
  filter,
});
const scopes: fc.Arbitrary<QueryScopes> = fc.record({
  scope,
  userScope: scope,
});
/** Any query a caller could pass, a `member_id` of its own included. */
const anyQuery = fc.record(
  {
    member_id: memberId.map(String),
    search: fc.string(),
    page: fc.integer({ min: 1, max: 99 }).map(String),
  },
  { requiredKeys: [] },
);
/** Values for the `:name` segments of an entry's path. */
function paramsOf(endpoint: Endpoint, id: number) {
  const names = [...endpoint.path.matchAll(/:(\w+)/g)].map((m) => m[1] ?? '');
  return names.length
    ? { params: Object.fromEntries(names.map((n) => [n, id])) }
    : {};
}

/** A generic test's input for any entry: the contract's types cannot follow an entry picked at random. */
const inputOf = (endpoint: Endpoint, id: number, query?: object) =>
  ({ ...paramsOf(endpoint, id), ...(query ? { query } : {}) }) as never;

/**
 * Values for the query fields a read requires of its own (the dataset of an
 * export's count): the ones its schema accepts alone.
 */
const REQUIRED_SAMPLES: Record<string, string> = {
  dataset: 'shipments',
  upload: '1',
};
const requiredQueryOf = (endpoint: Endpoint): Record<string, string> =>
  Object.fromEntries(
    Object.entries(REQUIRED_SAMPLES).filter(
      ([key, value]) =>
        endpoint.query !== undefined &&
        !v.safeParse(endpoint.query, {}).success &&
        v.safeParse(endpoint.query, { [key]: value }).success,
    ),
  );

/** A collective admin who chose member 3. */
const member3: QueryScopes = {
  scope: { tenant: 'pact', filter: { member_id: 3 } },
  userScope: { tenant: 'pact', filter: {} },
};

const api = { request: vi.fn() } as unknown as ScopedApi['api'];
const same = (a: unknown, b: unknown) => hashKey([a]) === hashKey([b]);

describe('endpointName', () => {
  it('names an entry by its key in the contract table', () => {
    expect(endpointName(endpoints.stores)).toBe('stores');
    expect(endpointName(endpoints.unreadCount)).toBe('unreadCount');
  });

  it('refuses an object that is not an entry of the contract, saying what to pass', () => {
    expect(() =>
      endpointName({ ...endpoints.stores, name: undefined }),
    ).toThrow(/not an entry of the contract: pass endpoints\.<name>/);
  });
});

describe('scopedQuery', () => {
  it('keys a scoped read by the data scope, then resource, name and input', () => {
    const { queryKey } = scopedQuery({ api, ...member3 }, endpoints.stores, {
      query: { search: 'portland', page: '2', sort: undefined },
    });
    expect(queryKey).toEqual([
      'pact',
      { member_id: 3 },
      'stores',
      'stores',
      { query: { search: 'portland', page: '2' } },
    ]);
  });

  it("keys the user's own records by the user's scope, whatever member is chosen", () => {
    const { queryKey } = scopedQuery(
      { api, ...member3 },
      endpoints.apiKeys,
      {},
    );
    expect(queryKey).toEqual(['pact', {}, 'api-keys', 'apiKeys', {}]);
  });

  it('starts every key with the tenant and filter of the entry’s scope, for any scope and input', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...reads),
        scopes,
        anyQuery,
        memberId,
        ([name, endpoint], both, query, id) => {
          const { queryKey } = scopedQuery(
            { api, ...both },
            endpoint,
            inputOf(endpoint, id, query),
          );
          const expected = endpoint.scoped ? both.scope : both.userScope;
          expect(queryKey.slice(0, 4)).toEqual([
            expected.tenant,
            expected.filter,
            endpoint.resource,
            name,
          ]);
          // The filter is the only member in the key.
          expect(queryKey[4].query ?? {}).not.toHaveProperty('member_id');
        },
      ),
    );
  });

  it('gives two scopes two keys for the same call', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...reads),
        scope,
        scope,
        anyQuery,
        ([, endpoint], a, b, query) => {
          const keyA = endpointQueryKey(
            a,
            endpoint,
            inputOf(endpoint, 1, query),
          );
          const keyB = endpointQueryKey(
            b,
            endpoint,
            inputOf(endpoint, 1, query),
          );
          expect(same(keyA, keyB)).toBe(
            a.tenant === b.tenant && same(a.filter, b.filter),
          );
        },
      ),
    );
  });

  it('keys every entry of a resource under one prefix: the bell’s count and the notifications list', () => {
    const userScope: DataScope = { tenant: 'pact', filter: { member_id: 2 } };
    const prefix = resourceQueryKey(userScope, 'notifications');
    for (const [endpoint, input] of [
      [endpoints.unreadCount, { query: { unread: 'true' as const } }],
      [endpoints.notifications, {}],
    ] as const) {
      expect(
        scopedQuery(
          { api, scope: userScope, userScope },
          endpoint,
          input,
        ).queryKey.slice(0, 3),
      ).toEqual(prefix);
    }
  });

  it('takes no member_id from the caller: the type has none, and the scope decides', () => {
    const both: QueryScopes = {
      scope: { tenant: 'pact', filter: {} },
      userScope: { tenant: 'pact', filter: {} },
    };
    const { queryKey } = scopedQuery({ api, ...both }, endpoints.stores, {
      // @ts-expect-error member_id comes from the data scope, never from the input
      query: { member_id: '3' },
    });
    expect(queryKey[4]).toEqual({});
  });

  it('fetches through the API client with the scoped request and the abort signal', async () => {
    const request = vi.fn().mockResolvedValue({ unread_count: 1 });
    const signal = new AbortController().signal;
    const options = scopedQuery(
      { api: { request } as unknown as ScopedApi['api'], ...member3 },
      endpoints.dashboardSummary,
      {},
    );
    await options.queryFn({ signal });
    expect(request).toHaveBeenCalledWith(
      endpoints.dashboardSummary,
      { query: { member_id: '3' } },
      { signal },
    );
  });
});

describe('scopedRequest', () => {
  it("adds the filter's member_id to a scoped entry's request, and never to another's, whatever the input holds", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...entries),
        scopes,
        anyQuery,
        ([, endpoint], both, query) => {
          const sent = scopedRequest(
            endpoint,
            both,
            inputOf(endpoint, 7, query),
          ) as { query?: Record<string, string> };
          const filter = both.scope.filter;
          if (endpoint.scoped && 'member_id' in filter)
            expect(sent.query?.['member_id']).toBe(String(filter.member_id));
          else expect(sent.query ?? {}).not.toHaveProperty('member_id');
        },
      ),
    );
  });

  it('sends what the contract’s schemas accept: the URL carries the scoped member_id, or none', async () => {
    const last: { url?: URL } = {};
    const sentTo = (): URL | undefined => last.url;
    const client = createApiClient({
      baseUrl: 'https://api.test',
      getToken: () => 'token',
      getTenantCode: () => 'pact',
      fetch: async (request) => {
        last.url = new URL((request as Request).url);
        return new Response('{}', {
          headers: { 'content-type': 'application/json' },
        });
      },
    });
    const sent = new Set<string>();
    // Every read is tried (a random pick among ~40 misses one now and then).
    for (const [name, endpoint] of reads)
      await fc.assert(
        fc.asyncProperty(
          scopes,
          memberId,
          memberId,
          async (both, id, asked) => {
            delete last.url;
            const input = inputOf(endpoint, id, {
              ...requiredQueryOf(endpoint),
              member_id: String(asked),
            });
            // The answer `{}` fits few schemas: only the URL matters here.
            const refused = await client
              .request(endpoint, scopedRequest(endpoint, both, input))
              .then(
                () => undefined,
                (error: unknown) => error,
              );
            if (refused instanceof RangeError) {
              // A query field of its own is required (saved views' `list`),
              // never refused for the member_id.
              expect(refused.message).not.toContain('member_id');
              expect(endpoint.scoped).toBeFalsy();
              return;
            }
            sent.add(name);
            const filter = both.scope.filter;
            expect(sentTo()?.searchParams.get('member_id')).toBe(
              endpoint.scoped && 'member_id' in filter
                ? String(filter.member_id)
                : null,
            );
          },
        ),
        { numRuns: 10 },
      );
    // Every scoped read was sent, not refused.
    for (const [name, endpoint] of reads)
      if (endpoint.scoped) expect(sent).toContain(name);
  });

  it('refuses a scoped entry without a query schema, which could not carry the filter', () => {
    const noQuery: Endpoint = { ...endpoints.store, query: undefined };
    expect(() =>
      scopedRequest(noQuery, member3, { params: { id: 1 } } as never),
    ).toThrow(/scoped but declares no query/);
  });
});

describe('scopeOf', () => {
  it("is the data scope for a scoped entry and the user's scope for every other", () => {
    fc.assert(
      fc.property(fc.constantFrom(...entries), scopes, ([, e], both) => {
        expect(scopeOf(e, both)).toBe(e.scoped ? both.scope : both.userScope);
      }),
    );
  });
});

describe('differsOnlyIn', () => {
  const key = (s: DataScope, query: Record<string, string>) =>
    endpointQueryKey(s, endpoints.stores, { query });

  it('holds for another page of the same list in the same scope', () => {
    fc.assert(
      fc.property(scope, fc.string(), (s, search) => {
        expect(
          differsOnlyIn(
            key(s, { search, page: '1' }),
            key(s, { search, page: '2' }),
            ['page'],
          ),
        ).toBe(true);
      }),
    );
  });

  it('never holds across two scopes, nor for another search', () => {
    fc.assert(
      fc.property(scope, scope, fc.string(), fc.string(), (a, b, s1, s2) => {
        const kept = differsOnlyIn(
          key(a, { search: s1, page: '1' }),
          key(b, { search: s2, page: '2' }),
          ['page'],
        );
        if (kept) {
          expect(a.tenant).toBe(b.tenant);
          expect(a.filter).toEqual(b.filter);
          expect(s1).toBe(s2);
        }
      }),
    );
  });

  it('never holds between two entries', () => {
    const s: DataScope = { tenant: 'pact', filter: {} };
    expect(
      differsOnlyIn(
        endpointQueryKey(s, endpoints.unreadCount, {}),
        endpointQueryKey(s, endpoints.notifications, {}),
        [],
      ),
    ).toBe(false);
  });
});
