import { http, HttpResponse, type HttpHandler } from 'msw';
import * as v from 'valibot';
import { deriveAccess, isRefusal, resolveDataScope } from '../contract/access';
import type { Endpoint } from '../contract/endpoint';
import { endpoints } from '../contract/endpoints';
import type { Member, Notification, User } from '../contract/schemas';
import {
  fakeStoreDetail,
  fakeStores,
  fakeSummary,
  searchStores,
  type FakeApiKey,
} from './fake-data';
import {
  DEMO_MEMBERS,
  DEMO_PASSWORD,
  DEMO_USERS,
  demoToken,
  type DemoUserKey,
} from './fixtures';

/** Settings of {@link createFakeBackend}; everything but `baseUrl` has a demo default. */
export interface FakeBackendOptions {
  /** The API base URL the client under test is given, e.g. `http://dashboard.test`. */
  baseUrl: string;
  /**
   * The accounts, by key. Each signs in with {@link DEMO_PASSWORD} and gets a
   * new token each time (`demoToken(key)` plus a serial number); the bare
   * `demoToken(key)` is also valid, as a stored session's token.
   */
  users?: Readonly<Partial<Record<DemoUserKey, User>>>;
  /** The member brands. */
  members?: readonly Member[];
  /** Unread notifications per account at start (0 when absent). */
  unread?: Readonly<Partial<Record<DemoUserKey, number>>>;
}

/** A request the fake backend answered. */
export interface RecordedRequest {
  method: string;
  /** The path without the base URL's own path, e.g. `/api/members`. */
  path: string;
  /** The query string, `?all=true` or empty. */
  search: string;
  headers: Headers;
}

/** An in-memory API for component tests: MSW handlers plus what they saw. */
export interface FakeBackend {
  /** MSW handlers for every call of the contract; `setupServer(...backend.handlers)`. */
  handlers: HttpHandler[];
  /** Every request answered, in order. */
  requests: RecordedRequest[];
  /** Requests of one endpoint path, e.g. `calls('/api/members')`. */
  calls(path: string): RecordedRequest[];
  /** Sets an account's unread notifications (the newest ones are unread). */
  setUnread(key: DemoUserKey, count: number): void;
  /** Revokes a token, as a logout or an admin would; it answers 401 afterwards. */
  revoke(token: string): void;
  /** Back to the start: no requests, no revoked tokens, the initial notifications. */
  reset(): void;
}

const unauthorized = () =>
  HttpResponse.json({ error: 'Unauthorized' }, { status: 401 });

/**
 * A fake of the reference API built from the contract: every handler
 * answers at an endpoint's path with a body of its response schema's shape,
 * and the accounts behave as decisions D1, D4 and D11 say (the super admin
 * alone may load `all=true`; brand users see only their own member).
 */
export function createFakeBackend(options: FakeBackendOptions): FakeBackend {
  const base = new URL(options.baseUrl);
  const prefix = base.pathname.replace(/\/$/, '');
  const users = options.users ?? DEMO_USERS;
  const members = options.members ?? DEMO_MEMBERS;
  const revoked = new Set<string>();
  let issued = 0;
  const stores = fakeStores(members);
  const apiKeys = new Map<DemoUserKey, FakeApiKey[]>();
  let keySerial = 0;
  const requests: RecordedRequest[] = [];
  const inbox = new Map<DemoUserKey, Notification[]>();

  function setUnread(key: DemoUserKey, count: number): void {
    inbox.set(
      key,
      Array.from({ length: count }, (_, index) => ({
        id: 1000 + index,
        title: `Notification ${index + 1}`,
        body: 'Something happened in the program.',
        created_at: new Date(Date.UTC(2026, 10, 20, 8, index)).toISOString(),
        read_at: null,
      })),
    );
  }
  function reset(): void {
    requests.length = 0;
    revoked.clear();
    inbox.clear();
    apiKeys.clear();
    keySerial = 0;
    for (const [key, count] of Object.entries(options.unread ?? {})) {
      setUnread(key as DemoUserKey, count);
    }
  }
  reset();

  const keys = Object.keys(users) as DemoUserKey[];
  function caller(request: Request): DemoUserKey | undefined {
    const token = request.headers.get('authorization')?.replace(/^Bearer /, '');
    if (!token || revoked.has(token)) return undefined;
    const bare = token.replace(/\.\d+$/, '');
    return keys.find((key) => demoToken(key) === bare);
  }

  /** `METHOD /path` of every call the fake implements. */
  const answered = new Set<string>();
  function url(endpoint: Endpoint): string {
    return `${base.origin}${prefix}${endpoint.path}`;
  }
  function handle(
    endpoint: Endpoint,
    resolver: (request: Request, params: Record<string, unknown>) => unknown,
  ): HttpHandler {
    const method = endpoint.method.toLowerCase() as Lowercase<
      Endpoint['method']
    >;
    answered.add(`${endpoint.method} ${endpoint.path}`);
    return http[method](url(endpoint), ({ request, params }) => {
      const address = new URL(request.url);
      requests.push({
        method: request.method,
        path: address.pathname.slice(prefix.length),
        search: address.search,
        headers: request.headers,
      });
      return resolver(request, params) as Response;
    });
  }
  function signedIn(
    resolver: (
      key: DemoUserKey,
      request: Request,
      params: Record<string, unknown>,
    ) => unknown,
  ) {
    return (request: Request, params: Record<string, unknown>) => {
      const key = caller(request);
      return key ? resolver(key, request, params) : unauthorized();
    };
  }
  const query = (request: Request) =>
    Object.fromEntries(new URL(request.url).searchParams);

  /**
   * The member an answer is scoped to, as the server decides it: the
   * contract's `resolveDataScope` (decisions D12); `null` for a refusal.
   */
  function scopeOf(key: DemoUserKey, request: Request) {
    const user = users[key];
    if (!user) return { refused: 401 };
    const checked = v.safeParse(endpoints.dashboardSummary.query, {
      member_id: query(request)['member_id'],
    });
    const asked = checked.success ? checked.output.member_id : undefined;
    const tenant = request.headers.get('x-tenant-code');
    const scope = resolveDataScope(
      deriveAccess(user),
      tenant === 'pact' || tenant === 'kiehls' ? tenant : undefined,
      asked,
    );
    if (isRefusal(scope)) return { refused: scope.status };
    const { memberId } = scope;
    // Like the server: a member that does not exist is not found (D12).
    if (memberId !== null && !members.some((m) => m.id === memberId)) {
      return { refused: 404 };
    }
    const inScope = stores.filter(
      (store) => memberId === null || store.member_id === memberId,
    );
    const member = members.find((m) => m.id === memberId);
    return {
      stores: inScope,
      answered: {
        member_id: memberId === null ? null : (member?.id ?? null),
        member_name: member?.name ?? null,
      },
    };
  }
  /** A data call of a signed-in caller with a scope; 403 or 404 as the server refuses. */
  function scoped(
    resolver: (
      scope: Exclude<ReturnType<typeof scopeOf>, { refused: number }>,
      request: Request,
      params: Record<string, unknown>,
    ) => unknown,
  ) {
    return signedIn((key, request, params) => {
      const scope = scopeOf(key, request);
      if ('refused' in scope) {
        return HttpResponse.json(
          { error: scope.refused === 404 ? 'Not found' : 'Forbidden' },
          { status: scope.refused },
        );
      }
      return resolver(scope, request, params);
    });
  }
  const notFound = () =>
    HttpResponse.json({ error: 'Not found' }, { status: 404 });

  const handlers = [
    handle(endpoints.login, async (request) => {
      const body = v.safeParse(endpoints.login.body, await request.json());
      const key = body.success
        ? keys.find(
            (k) =>
              users[k]?.email.toLowerCase() === body.output.email.toLowerCase(),
          )
        : undefined;
      if (!body.success || !key || body.output.password !== DEMO_PASSWORD) {
        return HttpResponse.json(
          { error: 'Invalid email or password' },
          { status: 401 },
        );
      }
      issued += 1;
      return HttpResponse.json({
        token: `${demoToken(key)}.${issued}`,
        user: users[key],
      });
    }),
    handle(
      endpoints.me,
      signedIn((key) => HttpResponse.json({ success: true, user: users[key] })),
    ),
    handle(endpoints.logout, (request) => {
      const token = request.headers
        .get('authorization')
        ?.replace(/^Bearer /, '');
      if (token) revoked.add(token);
      return HttpResponse.json({ success: true });
    }),
    handle(
      endpoints.members,
      signedIn((key, request) => {
        const user = users[key];
        const access = user ? deriveAccess(user) : null;
        if (query(request)['all'] === 'true') {
          return access?.can.loadAllMembers
            ? HttpResponse.json({ success: true, members })
            : HttpResponse.json({ error: 'Forbidden' }, { status: 403 });
        }
        return HttpResponse.json({
          success: true,
          data: members
            .filter(
              (m) =>
                access?.isCollectiveAdmin ||
                (access?.isBrandUser && m.id === access.ownMemberId),
            )
            .map((m) => ({ id: m.id, name: m.name })),
        });
      }),
    ),
    handle(
      endpoints.notifications,
      signedIn((key, request) => {
        const list = inbox.get(key) ?? [];
        return query(request)['unread'] === 'true'
          ? HttpResponse.json({
              unread_count: list.filter((n) => n.read_at === null).length,
            })
          : HttpResponse.json({ success: true, notifications: list });
      }),
    ),
    handle(
      endpoints.markRead,
      signedIn((key, _request, params) => {
        const found = inbox
          .get(key)
          ?.find((n) => String(n.id) === String(params['id']));
        if (!found)
          return HttpResponse.json({ error: 'Not found' }, { status: 404 });
        found.read_at ??= new Date().toISOString();
        return HttpResponse.json({ success: true });
      }),
    ),
    handle(
      endpoints.markAllRead,
      signedIn((key) => {
        for (const n of inbox.get(key) ?? [])
          n.read_at ??= new Date().toISOString();
        return HttpResponse.json({ success: true });
      }),
    ),
    handle(
      endpoints.dashboardSummary,
      scoped(({ stores: inScope, answered }) =>
        HttpResponse.json(fakeSummary(inScope, answered)),
      ),
    ),
    handle(
      endpoints.stores,
      scoped(({ stores: inScope, answered }, request) => {
        const q = query(request);
        const found = searchStores(
          inScope,
          q['search'],
          q['sort'] as Parameters<typeof searchStores>[2],
        );
        const page = Number(q['page'] ?? 1);
        const size = Number(q['page_size'] ?? 25);
        return HttpResponse.json({
          success: true,
          scope: answered,
          stores: found.slice((page - 1) * size, page * size),
          page,
          page_size: size,
          total: found.length,
        });
      }),
    ),
    handle(
      endpoints.store,
      scoped(({ stores: inScope, answered }, _request, params) => {
        const store = inScope.find(
          (s) => String(s.id) === String(params['id']),
        );
        return store
          ? HttpResponse.json(fakeStoreDetail(store, answered))
          : notFound();
      }),
    ),
    handle(
      endpoints.apiKeys,
      signedIn((key) =>
        HttpResponse.json({
          success: true,
          keys: (apiKeys.get(key) ?? []).map(({ secret: _secret, ...k }) => k),
        }),
      ),
    ),
    handle(
      endpoints.createApiKey,
      signedIn(async (key, request) => {
        const body = v.safeParse(
          endpoints.createApiKey.body,
          await request.json(),
        );
        if (!body.success)
          return HttpResponse.json(
            { error: v.summarize(body.issues) },
            { status: 400 },
          );
        keySerial += 1;
        const prefix = `ck_${keySerial.toString(16).padStart(8, '0')}`;
        const created: FakeApiKey = {
          id: keySerial,
          name: body.output.name,
          prefix,
          created_at: new Date().toISOString(),
          last_used_at: null,
          secret: `${prefix}_${'s'.repeat(32)}${keySerial}`,
        };
        apiKeys.set(key, [created, ...(apiKeys.get(key) ?? [])]);
        const { secret, ...listed } = created;
        return HttpResponse.json(
          { success: true, key: listed, secret },
          { status: 201 },
        );
      }),
    ),
    handle(
      endpoints.revokeApiKey,
      signedIn((key, _request, params) => {
        const mine = apiKeys.get(key) ?? [];
        const kept = mine.filter((k) => String(k.id) !== String(params['id']));
        if (kept.length === mine.length) return notFound();
        apiKeys.set(key, kept);
        return HttpResponse.json({ success: true });
      }),
    ),
  ];

  // Every other call of the contract answers 501, saying so: a screen's
  // test of a call the fake lacks sees an error, not an unhandled request.
  for (const endpoint of Object.values(endpoints) as Endpoint[]) {
    if (answered.has(`${endpoint.method} ${endpoint.path}`)) continue;
    const call = `${endpoint.method} ${endpoint.path}`;
    handlers.push(
      handle(endpoint, () =>
        HttpResponse.json(
          {
            error: `The test fake does not answer ${call}; answer it in the test (server.use(http.${endpoint.method.toLowerCase()}(…))).`,
          },
          { status: 501 },
        ),
      ),
    );
  }

  return {
    handlers,
    requests,
    calls: (path) => requests.filter((r) => r.path === path),
    setUnread,
    revoke: (token) => void revoked.add(token),
    reset,
  };
}
