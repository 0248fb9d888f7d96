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
import { ApiError, loginErrorMessage } from './api-error';
import { createApiClient, type ApiClientOptions } from './client';

const BASE = 'https://api.collective.test';
const user = {
  name: 'Super',
  email: 'super@pact.test',
  role: 'super_admin',
  member_id: null,
  member_code: null,
  allowed_tenant_id: 1,
  isPactStaff: true,
};

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

describe('loginErrorMessage', () => {
  const http401 = (serverError?: string, serverMessage?: string) =>
    new ApiError({
      kind: 'http',
      path: '/api/auth/login',
      status: 401,
      serverError,
      serverMessage,
    });

  it('prefers the server error text, then its message, then "Login failed"', () => {
    expect(loginErrorMessage(http401('Bad', 'Other'))).toBe('Bad');
    expect(loginErrorMessage(http401(undefined, 'Other'))).toBe('Other');
    expect(loginErrorMessage(http401())).toBe('Login failed');
    expect(loginErrorMessage(http401('', ''))).toBe('Login failed');
  });

  it('says "Login failed" for network failures and anything unknown', () => {
    expect(
      loginErrorMessage(
        new ApiError({ kind: 'network', path: '/api/auth/login' }),
      ),
    ).toBe('Login failed');
    expect(loginErrorMessage(new Error('boom'))).toBe('Login failed');
  });
});
