import { http, HttpResponse, delay } from 'msw';
import { setupServer } from 'msw/node';
import {
  afterAll,
  afterEach,
  beforeAll,
  describe,
  expect,
  it,
  vi,
} from 'vitest';
import { ApiError } from './api-error';
import { endpoints } from './contract/endpoints';
import { DEMO_USERS } from './testing/fixtures';
import {
  createApiClient,
  requestTarget,
  type ApiClientOptions,
} from './client';

const BASE = 'https://api.collective.test';
const user = DEMO_USERS.super;

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function client(overrides: Partial<ApiClientOptions> = {}) {
  return createApiClient({
    baseUrl: BASE,
    getToken: () => 'tok-1',
    getTenantCode: () => 'pact',
    ...overrides,
  });
}

describe('createApiClient', () => {
  it('sends the bearer token and X-Tenant-Code to calls under the base URL', async () => {
    let seen: Headers | undefined;
    server.use(
      http.get(`${BASE}/api/auth/me`, ({ request }) => {
        seen = request.headers;
        return HttpResponse.json({ success: true, user });
      }),
    );
    const me = await client().auth.me();
    expect(me.user.email).toBe('super@pact.test');
    expect(seen?.get('authorization')).toBe('Bearer tok-1');
    expect(seen?.get('x-tenant-code')).toBe('pact');
  });

  it("sends an upload entry's file as multipart/form-data in its field, with no JSON", async () => {
    let type = '';
    let text: unknown = null;
    server.use(
      http.post(`${BASE}/api/stores/import/preview`, async ({ request }) => {
        type = request.headers.get('content-type') ?? '';
        text = await (
          (await request.formData()).get('file') as Blob | null
        )?.text();
        return HttpResponse.json({
          rows: 0,
          valid: 0,
          invalid: 0,
          issues: [],
          stores: [],
          imported: 0,
        });
      }),
    );
    const report = await client().request(endpoints.previewStoreImport, {
      file: new Blob(['member_code,name\n'], { type: 'text/csv' }),
    });
    expect(report.rows).toBe(0);
    expect(type).toMatch(/^multipart\/form-data; boundary=/);
    expect(text).toBe('member_code,name\n');
  });

  it('sends the Idempotency-Key it is given, and none when it is not', async () => {
    const seen: (string | null)[] = [];
    server.use(
      http.post(`${BASE}/api/keys`, ({ request }) => {
        seen.push(request.headers.get('idempotency-key'));
        return HttpResponse.json(
          {
            success: true,
            key: {
              id: 1,
              name: 'k',
              prefix: 'ck_0000000a',
              created_at: '2026-11-24T10:00:00.000Z',
              last_used_at: null,
            },
            secret: `ck_0000000a_${'s'.repeat(32)}`,
          },
          { status: 201 },
        );
      }),
    );
    const api = client();
    await api.request(
      endpoints.createApiKey,
      { body: { name: 'k' } },
      {
        idempotencyKey: 'retry-7',
      },
    );
    await api.request(endpoints.createApiKey, { body: { name: 'k' } });
    expect(seen).toEqual(['retry-7', null]);
  });

  it('resolves paths under a base URL that has a path prefix', async () => {
    server.use(
      http.get(`${BASE}/backend/api/notifications`, ({ request }) =>
        HttpResponse.json({
          unread_count:
            new URL(request.url).searchParams.get('unread') === 'true' ? 4 : -1,
        }),
      ),
    );
    await expect(
      client({ baseUrl: `${BASE}/backend` }).notifications.unreadCount(),
    ).resolves.toBe(4);
  });

  it('does not send a bearer token with the login call', async () => {
    let auth: string | null = 'unset';
    server.use(
      http.post(`${BASE}/api/auth/login`, ({ request }) => {
        auth = request.headers.get('authorization');
        return HttpResponse.json({ token: 'new', user });
      }),
    );
    await client().auth.login({ email: 'super@pact.test', password: 'x' });
    expect(auth).toBeNull();
  });

  it('treats a 401 from login as a failed login, not a logout', async () => {
    const onUnauthorized = vi.fn();
    server.use(
      http.post(`${BASE}/api/auth/login`, () =>
        HttpResponse.json(
          { error: 'Invalid email or password' },
          { status: 401 },
        ),
      ),
    );
    const error = await client({ onUnauthorized })
      .auth.login({ email: 'a@b.test', password: 'bad' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      kind: 'http',
      status: 401,
      serverError: 'Invalid email or password',
    });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('calls onUnauthorized once when three parallel calls answer 401', async () => {
    const onUnauthorized = vi.fn();
    server.use(
      http.get(`${BASE}/api/*`, async () => {
        await delay(5);
        return HttpResponse.json({ error: 'Unauthorized' }, { status: 401 });
      }),
    );
    const api = client({ onUnauthorized });
    const results = await Promise.allSettled([
      api.auth.me(),
      api.notifications.unreadCount(),
      api.members.list({ namesOnly: true }),
    ]);
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('calls onUnauthorized again for a 401 with a new token', async () => {
    const onUnauthorized = vi.fn();
    let token = 'first';
    server.use(
      http.get(
        `${BASE}/api/auth/me`,
        () => new HttpResponse(null, { status: 401 }),
      ),
    );
    const api = client({ onUnauthorized, getToken: () => token });
    await api.auth.me().catch(() => undefined);
    token = 'second';
    await api.auth.me().catch(() => undefined);
    expect(onUnauthorized).toHaveBeenCalledTimes(2);
  });

  it('discards an answer that arrives after the session dropped the token it was sent with', async () => {
    let token: string | null = 'tok-a';
    let answer: ((response: Response) => void) | undefined;
    server.use(
      http.get(
        `${BASE}/api/notifications`,
        () => new Promise<Response>((resolve) => (answer = resolve)),
      ),
    );
    const pending = client({ getToken: () => token })
      .notifications.unreadCount()
      .catch((e: unknown) => e);
    await vi.waitFor(() => expect(answer).toBeDefined());
    // Another tab removed the token while the call was under way.
    token = null;
    answer?.(HttpResponse.json({ unread_count: 7 }));
    expect(await pending).toMatchObject({
      kind: 'session-changed',
      message:
        'The session changed while /api/notifications was loading, so its answer was discarded.',
    });
  });

  it('discards a late answer of the previous user once another user holds the session', async () => {
    let token = 'tok-a';
    const held: ((response: Response) => void)[] = [];
    const onUnauthorized = vi.fn();
    server.use(
      http.get(
        `${BASE}/api/dashboard/summary`,
        () => new Promise<Response>((resolve) => held.push(resolve)),
      ),
    );
    const api = client({ getToken: () => token, onUnauthorized });
    const asA = api.dashboard.summary({}).catch((e: unknown) => e);
    const asA401 = api.dashboard.summary({}).catch((e: unknown) => e);
    await vi.waitFor(() => expect(held).toHaveLength(2));
    token = 'tok-b';
    held[0]?.(HttpResponse.json({ not: 'checked' }));
    // A's token was revoked at A's logout: its 401 must not end B's session.
    held[1]?.(HttpResponse.json({ error: 'Unauthorized' }, { status: 401 }));
    expect(await asA).toMatchObject({ kind: 'session-changed' });
    expect(await asA401).toMatchObject({ kind: 'session-changed' });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('keeps the answer of the logout call, which the page sends just before dropping the token', async () => {
    let token: string | null = 'tok-a';
    const onUnauthorized = vi.fn();
    let status = 200;
    server.use(
      http.post(`${BASE}/api/auth/logout`, async () => {
        token = null;
        return status === 200
          ? HttpResponse.json({ success: true })
          : HttpResponse.json({ error: 'Unauthorized' }, { status });
      }),
    );
    const api = client({ getToken: () => token, onUnauthorized });
    await expect(api.auth.logout()).resolves.toBeUndefined();
    token = 'tok-a';
    status = 401;
    // An already-revoked token: the logout fails, the (ended) session is not expired again.
    await expect(api.auth.logout()).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('gives a network error when the server cannot be reached', async () => {
    server.use(http.get(`${BASE}/api/auth/me`, () => HttpResponse.error()));
    await expect(client().auth.me()).rejects.toMatchObject({
      kind: 'network',
      message:
        'Could not reach the server. Check your connection and try again.',
    });
  });

  it('rejects an HTML answer as an invalid response', async () => {
    server.use(
      http.get(`${BASE}/api/auth/me`, () =>
        HttpResponse.html('<h1>Welcome</h1>'),
      ),
    );
    await expect(client().auth.me()).rejects.toMatchObject({
      kind: 'invalid-response',
      detail: expect.stringContaining('expected JSON'),
    });
  });

  it('rejects malformed JSON as an invalid response', async () => {
    server.use(
      http.get(
        `${BASE}/api/auth/me`,
        () =>
          new HttpResponse('{"user": ', {
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    await expect(client().auth.me()).rejects.toMatchObject({
      kind: 'invalid-response',
      detail: 'the body is not valid JSON',
    });
  });

  it('rejects a body that does not match the contract, naming the field', async () => {
    server.use(
      http.get(`${BASE}/api/auth/me`, () =>
        HttpResponse.json({ success: true, user: { ...user, role: 42 } }),
      ),
    );
    const error = await client()
      .auth.me()
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'invalid-response' });
    expect((error as ApiError).message).toMatch(/role/);
  });

  it('counts only 200-299 as success', async () => {
    server.use(
      http.get(`${BASE}/api/notifications`, () =>
        HttpResponse.json({ unread_count: 3 }, { status: 300 }),
      ),
    );
    await expect(client().notifications.unreadCount()).rejects.toMatchObject({
      kind: 'http',
      status: 300,
    });
  });

  it('reads the member list from "members" or from "data"', async () => {
    const members = [{ id: 2, name: "Kiehl's", code: 'KIEHLS' }];
    server.use(
      http.get(`${BASE}/api/members`, ({ request }) => {
        const q = new URL(request.url).searchParams;
        return HttpResponse.json(
          q.get('all') === 'true'
            ? { success: true, members }
            : { success: true, data: members },
        );
      }),
    );
    await expect(client().members.list({ all: true })).resolves.toEqual(
      members,
    );
    await expect(client().members.list({ namesOnly: true })).resolves.toEqual(
      members,
    );
  });

  it('refuses a member list answer with neither "members" nor "data"', async () => {
    server.use(
      http.get(`${BASE}/api/members`, () =>
        HttpResponse.json({ success: true }),
      ),
    );
    await expect(client().members.list({ all: true })).rejects.toMatchObject({
      kind: 'invalid-response',
    });
  });

  it('passes an abort through untouched so query cancellation works', async () => {
    server.use(
      http.get(`${BASE}/api/auth/me`, async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    const controller = new AbortController();
    const pending = client().auth.me({ signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('refuses a base URL that is not absolute, saying what to give', () => {
    expect(() => client({ baseUrl: '/api' })).toThrow(/absolute URL/);
  });
});

describe('notifications of createApiClient', () => {
  const notification = {
    id: 7,
    title: 'Kiosk offline',
    body: 'The kiosk at store #118 has not reported for 24 hours.',
    created_at: '2026-11-20T08:00:00.000Z',
    read_at: null,
  };

  it('lists the notifications of GET /api/notifications without a query', async () => {
    let query: string | undefined;
    server.use(
      http.get(`${BASE}/api/notifications`, ({ request }) => {
        query = new URL(request.url).search;
        return HttpResponse.json({
          success: true,
          notifications: [
            notification,
            { ...notification, id: 3, read_at: '2026-11-21T09:30:00.000Z' },
          ],
        });
      }),
    );
    const list = await client().notifications.list();
    expect(query).toBe('');
    expect(list.map((item) => [item.id, item.read_at])).toEqual([
      [7, null],
      [3, '2026-11-21T09:30:00.000Z'],
    ]);
  });

  it('refuses a notification whose created_at is not an ISO timestamp', async () => {
    server.use(
      http.get(`${BASE}/api/notifications`, () =>
        HttpResponse.json({
          success: true,
          notifications: [{ ...notification, created_at: 'yesterday' }],
        }),
      ),
    );
    const error = await client()
      .notifications.list()
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'invalid-response' });
    expect((error as ApiError).message).toMatch(/ISO 8601/);
  });

  it('marks a notification read with POST /api/notifications/:id/read and the bearer token', async () => {
    let seen: { method: string; auth: string | null } | undefined;
    server.use(
      http.post(`${BASE}/backend/api/notifications/7/read`, ({ request }) => {
        seen = {
          method: request.method,
          auth: request.headers.get('authorization'),
        };
        return HttpResponse.json({ success: true });
      }),
    );
    await expect(
      client({ baseUrl: `${BASE}/backend` }).notifications.markRead(7),
    ).resolves.toBeUndefined();
    expect(seen).toEqual({ method: 'POST', auth: 'Bearer tok-1' });
  });

  it('gives an http error for a notification the server does not know, without logging out', async () => {
    const onUnauthorized = vi.fn();
    server.use(
      http.post(`${BASE}/api/notifications/9/read`, () =>
        HttpResponse.json({ error: 'Not found' }, { status: 404 }),
      ),
    );
    await expect(
      client({ onUnauthorized }).notifications.markRead(9),
    ).rejects.toMatchObject({
      kind: 'http',
      status: 404,
      path: '/api/notifications/9/read',
    });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it.each([
    ['a path', '../../other' as unknown as number],
    ['zero', 0],
    ['a negative number', -3],
    ['a fraction', 1.5],
    ['NaN', Number.NaN],
    ['a number beyond PostgreSQL integer', 2 ** 31],
  ])(
    'refuses %s as a notification id before sending anything',
    async (_case, id) => {
      const requests: string[] = [];
      const listener = ({ request }: { request: Request }) => {
        requests.push(request.url);
      };
      server.events.on('request:start', listener);
      try {
        await expect(client().notifications.markRead(id)).rejects.toThrow(
          RangeError,
        );
      } finally {
        server.events.removeListener('request:start', listener);
      }
      expect(requests).toEqual([]);
    },
  );
});

describe('request', () => {
  it('makes any call of the contract table, checking the query before sending it', async () => {
    const seen: string[] = [];
    server.use(
      http.get(`${BASE}/api/members`, ({ request }) => {
        seen.push(new URL(request.url).search);
        return HttpResponse.json({ success: true, members: [] });
      }),
    );
    const api = client();
    await expect(
      api.request(endpoints.members, { query: { names_only: 'true' } }),
    ).resolves.toEqual([]);
    await expect(
      api.request(endpoints.members, {
        query: { all: 'maybe' } as unknown as { all: 'true' },
      }),
    ).rejects.toThrow(RangeError);
    await expect(
      api.request(endpoints.members, {
        query: { limit: '5' } as unknown as { all: 'true' },
      }),
    ).rejects.toThrow(/GET \/api\/members/);
    expect(seen).toEqual(['?names_only=true']);
  });
});

describe('requestTarget', () => {
  const base = 'https://api.collective.test/backend/';

  it('resolves an API path under the base path and marks it as under the base', () => {
    const target = requestTarget(base, '/api/auth/me');
    expect(target.url.href).toBe(
      'https://api.collective.test/backend/api/auth/me',
    );
    expect(target.underBase).toBe(true);
  });

  it('keeps a path that starts with // on the base origin', () => {
    const target = requestTarget(base, '//evil.example/api/auth/me');
    expect(target.url.origin).toBe('https://api.collective.test');
    expect(target.underBase).toBe(true);
  });

  it.each([
    '../../other',
    'api/../../other',
    '%2e%2e/%2e%2e/other',
    '..\\..\\other',
    '../backend-evil/api/auth/me',
    'https://evil.example/backend/api/auth/me',
  ])('marks %s, which leaves the base, as not under it', (path) => {
    expect(requestTarget(base, path).underBase).toBe(false);
  });
});

describe('credentials of createApiClient', () => {
  it('sends the token under a base URL given with a query and a fragment', async () => {
    let auth: string | null = null;
    server.use(
      http.get(`${BASE}/backend/api/auth/me`, ({ request }) => {
        auth = request.headers.get('authorization');
        return HttpResponse.json({ success: true, user });
      }),
    );
    await client({ baseUrl: `${BASE}/backend?x=1#top` }).auth.me();
    expect(auth).toBe('Bearer tok-1');
  });
});
