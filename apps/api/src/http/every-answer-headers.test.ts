import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_PASSWORD } from '../db/seed';
import {
  FIXTURE_SCRIPT_PATH,
  writeDashboardFixture,
  type DashboardFixture,
} from '../testing/dashboard-fixture';
import { present } from '../testing/present';
import { TEST_DATABASES } from '../testing/test-databases';
import { startTestServer, type TestServer } from '../testing/test-server';

const NAVIGATION = { accept: 'text/html,*/*;q=0.8' };
const FOREIGN_ORIGIN = 'https://evil.example';
const ALLOWED_ORIGIN = 'https://dashboard.example.org';

/** The headers every answer must carry, API and pages alike, whatever its status. */
function expectSecurityHeaders(response: LightMyRequestResponse): void {
  expect(response.headers).toMatchObject({
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'strict-transport-security': expect.stringMatching(/^max-age=\d+/),
    'content-security-policy': expect.stringContaining(
      "frame-ancestors 'none'",
    ),
  });
  expect(response.headers['x-powered-by']).toBeUndefined();
}

/** The directives of a page's CSP that govern scripts. */
function scriptSources(response: LightMyRequestResponse): string[] {
  return String(response.headers['content-security-policy'])
    .split(';')
    .map((directive) => directive.trim().split(/\s+/))
    .filter(([name]) => name === 'script-src' || name === 'default-src')
    .flatMap(([, ...values]) => values);
}

// The PGlite engine only: headers do not depend on the database engine.
const engine = present(TEST_DATABASES[0], 'the PGlite test engine');

describe('every answer of the production server, with a foreign Origin', () => {
  let fixture: DashboardFixture;
  let server: TestServer;
  beforeAll(async () => {
    fixture = await writeDashboardFixture();
    server = await startTestServer(engine, {
      dashboardDir: fixture.dir,
      corsOrigins: [ALLOWED_ORIGIN],
      loginLimits: { maxPerAccount: 1 },
    });
  });
  afterAll(async () => {
    await server?.close();
    await fixture?.remove();
  });

  const json = { 'content-type': 'application/json' };
  const pages: [string, InjectOptions][] = [
    ['the page at /', { method: 'GET', url: '/', headers: NAVIGATION }],
    [
      'a deep link',
      { method: 'GET', url: '/stores-analytics', headers: NAVIGATION },
    ],
    ['HEAD of the page', { method: 'HEAD', url: '/', headers: NAVIGATION }],
    ['a hashed asset', { method: 'GET', url: FIXTURE_SCRIPT_PATH }],
    ['the icon', { method: 'GET', url: '/favicon.svg' }],
    ['a missing asset', { method: 'GET', url: '/assets/nope-123.js' }],
    ['a path out of the build', { method: 'GET', url: '/../secret.txt' }],
    [
      'a POST to a page',
      { method: 'POST', url: '/dashboard', headers: json, payload: '{}' },
    ],
    [
      '2 MB to a page',
      {
        method: 'POST',
        url: '/dashboard',
        headers: json,
        payload: 'x'.repeat(2 * 1024 * 1024),
      },
    ],
  ];
  const api: [string, InjectOptions, number][] = [
    ['health', { method: 'GET', url: '/api/health' }, 200],
    [
      'a sign-in',
      {
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'admin@pact.test', password: DEMO_PASSWORD },
      },
      200,
    ],
    [
      'a failed sign-in (401)',
      {
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'staff@pact.test', password: 'wrong' },
      },
      401,
    ],
    [
      'a throttled sign-in (429)',
      {
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'staff@pact.test', password: 'wrong' },
      },
      429,
    ],
    ['no session (401)', { method: 'GET', url: '/api/auth/me' }, 401],
    [
      'a made-up token (401)',
      {
        method: 'GET',
        url: '/api/members?all=true',
        headers: { authorization: 'Bearer made-up' },
      },
      401,
    ],
    ['an unknown API path (404)', { method: 'GET', url: '/api/nope' }, 404],
    [
      'an unknown tenant (400)',
      {
        method: 'GET',
        url: '/api/health',
        headers: { 'x-tenant-code': 'acme' },
      },
      400,
    ],
    [
      'a NUL in the URL (400)',
      { method: 'GET', url: '/api/stores?search=%00' },
      400,
    ],
    [
      'malformed JSON (400)',
      { method: 'POST', url: '/api/auth/login', headers: json, payload: '{' },
      400,
    ],
    [
      'a text body (415)',
      {
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'text/plain' },
        payload: 'x',
      },
      415,
    ],
    [
      '1 MB of JSON (413)',
      {
        method: 'POST',
        url: '/api/auth/login',
        headers: json,
        payload: JSON.stringify({ a: 'x'.repeat(1024 * 1024) }),
      },
      413,
    ],
    [
      'a preflight (404)',
      {
        method: 'OPTIONS',
        url: '/api/auth/login',
        headers: { 'access-control-request-method': 'POST' },
      },
      404,
    ],
  ];

  const withOrigin = (request: InjectOptions): InjectOptions => ({
    ...request,
    headers: { ...request.headers, origin: FOREIGN_ORIGIN },
  });

  it.each(pages)(
    '%s carries the security headers and a CSP without unsafe-inline for scripts, and no CORS allowance',
    async (_name, request) => {
      const response = await server.app.inject(withOrigin(request));

      expectSecurityHeaders(response);
      const scripts = scriptSources(response);
      expect(scripts.length).toBeGreaterThan(0);
      expect(scripts).not.toContain("'unsafe-inline'");
      expect(scripts).not.toContain("'unsafe-eval'");
      expect(scripts).not.toContain('*');
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
    },
  );

  it.each(api)(
    'the API answer to %s carries the security headers, no-store and no CORS allowance',
    async (_name, request, status) => {
      const response = await server.app.inject(withOrigin(request));

      expect(response.statusCode).toBe(status);
      expectSecurityHeaders(response);
      expect(response.headers['content-security-policy']).toBe(
        "default-src 'none';frame-ancestors 'none'",
      );
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(
        Object.keys(response.headers).filter((name) =>
          name.startsWith('access-control-'),
        ),
      ).toEqual([]);
    },
  );

  it('an unexpected failure (500) carries them too, without details', async () => {
    const fresh = await server.login('admin@pact.test');
    // The session lookup of this uncached token fails.
    vi.spyOn(server.db, 'query').mockRejectedValueOnce(
      new Error('database is on fire'),
    );

    const response = await server.app.inject(
      withOrigin({
        method: 'GET',
        url: '/api/notifications?unread=true',
        headers: { authorization: `Bearer ${fresh}` },
      }),
    );

    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: 'Internal server error' });
    expectSecurityHeaders(response);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('the allowed origin, by contrast, is allowed (the control)', async () => {
    const response = await server.get('/api/health', undefined, {
      origin: ALLOWED_ORIGIN,
    });

    expect(response.headers['access-control-allow-origin']).toBe(
      ALLOWED_ORIGIN,
    );
  });
});
