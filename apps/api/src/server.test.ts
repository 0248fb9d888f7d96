import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_PASSWORD } from './db/seed';
import { buildServer } from './server';
import { describeOnEachDatabase } from './testing/test-databases';
import { startTestServer, type TestServer } from './testing/test-server';

describeOnEachDatabase('the reference server', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server?.close());

  const expectedHeaders = {
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'content-security-policy': "default-src 'none';frame-ancestors 'none'",
    'cache-control': 'no-store',
    'strict-transport-security': 'max-age=31536000; includeSubDomains',
  };

  describe('buildServer', () => {
    it('answers GET /api/health without a session', async () => {
      const response = await server.get('/api/health');

      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
    });

    it.each([
      ['a success', 'GET', '/api/health', 200],
      ['a missing session', 'GET', '/api/auth/me', 401],
      ['an invalid body', 'POST', '/api/auth/login', 400],
      ['an unknown path', 'GET', '/api/nope', 404],
    ] as const)(
      'sends the security headers with %s',
      async (_case, method, url, status) => {
        const response = await server.app.inject({ method, url });

        expect(response.statusCode).toBe(status);
        expect(response.headers).toMatchObject(expectedHeaders);
        // Helmet's document-only headers are left out of JSON answers.
        expect(response.headers['cross-origin-opener-policy']).toBeUndefined();
      },
    );

    it('answers unknown /api paths with a JSON 404, never HTML', async () => {
      const response = await server.get('/api/does/not/exist');

      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ error: 'Not found' });
    });

    it('answers a path outside /api with a JSON 404 when no dashboard is served', async () => {
      const response = await server.app.inject({
        method: 'GET',
        url: '/index.html',
        headers: { accept: 'text/html' },
      });

      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Not found' });
    });

    it('answers a known path with the wrong method with a JSON 404', async () => {
      const response = await server.get('/api/auth/login');

      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Not found' });
    });

    it('sends no CORS headers, not even to a preflight', async () => {
      const preflight = await server.app.inject({
        method: 'OPTIONS',
        url: '/api/auth/login',
        headers: {
          origin: 'https://evil.example',
          'access-control-request-method': 'POST',
        },
      });
      const simple = await server.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { origin: 'https://evil.example' },
      });

      for (const response of [preflight, simple]) {
        expect(
          Object.keys(response.headers).filter((name) =>
            name.startsWith('access-control-'),
          ),
        ).toEqual([]);
      }
    });

    it('hides the details of an unexpected error behind a JSON 500', async () => {
      const app = buildServer({ db: server.db, logger: false });
      app.get('/api/boom', async () => {
        throw new Error('secret connection string postgres://u:p@db');
      });

      const response = await app.inject({ method: 'GET', url: '/api/boom' });

      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ error: 'Internal server error' });
      expect(response.body).not.toMatch(/secret|at .*\.ts/);
      await app.close();
    });

    it('keeps authorization headers and passwords out of the log', async () => {
      const lines: string[] = [];
      const stream = new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk));
          done();
        },
      });
      const app = buildServer({
        db: server.db,
        logger: { level: 'trace', stream },
      });
      app.addHook('preHandler', async (request) => {
        request.log.info(
          { headers: request.headers, body: request.body },
          'request seen',
        );
      });
      const token = await server.login('super@pact.test');

      await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { authorization: `Bearer ${token}` },
        payload: { email: 'super@pact.test', password: DEMO_PASSWORD },
      });
      await app.close();

      const log = lines.join('');
      expect(log).toContain('request seen');
      expect(log).not.toContain(DEMO_PASSWORD);
      expect(log).not.toContain(token);
    });
  });

  describe('X-Tenant-Code', () => {
    const me = (token: string, tenant?: string) =>
      server.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: {
          authorization: `Bearer ${token}`,
          ...(tenant === undefined ? {} : { 'x-tenant-code': tenant }),
        },
      });

    it('accepts the known tenants pact and kiehls, and a request without the header', async () => {
      const token = await server.login('super@pact.test');

      const statuses = [
        (await me(token, 'pact')).statusCode,
        (await me(token, 'kiehls')).statusCode,
        (await me(token)).statusCode,
      ];

      expect(statuses).toEqual([200, 200, 200]);
    });

    it.each(['acme', 'PACT', 'Kiehls', '', 'pact, kiehls'])(
      'refuses the unknown tenant "%s" with a JSON 400 naming it',
      async (tenant) => {
        const token = await server.login('super@pact.test');

        const response = await me(token, tenant);

        expect(response.statusCode).toBe(400);
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        expect(response.headers).toMatchObject(expectedHeaders);
        expect(response.json()).toEqual({
          error: `Unknown tenant "${tenant}"`,
          message: 'X-Tenant-Code must be one of pact, kiehls, or left out.',
        });
      },
    );

    it('repeats only the first 40 characters of a long value, escaped', async () => {
      const response = await server.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-tenant-code': `"<script>${'a'.repeat(300)}` },
      });

      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe(
        `Unknown tenant "\\u0022<script>${'a'.repeat(31)}…"`,
      );
    });

    it('refuses an unknown tenant before any database or password work', async () => {
      const query = vi.spyOn(server.db, 'query');

      const response = await server.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'x-tenant-code': 'acme' },
        payload: { email: 'super@pact.test', password: DEMO_PASSWORD },
      });

      expect(response.statusCode).toBe(400);
      expect(query).not.toHaveBeenCalled();
    });
  });

  describe('CORS allow-list (CORS_ORIGINS)', () => {
    const ALLOWED = 'https://dashboard.example.org';
    let app: ReturnType<typeof buildServer>;
    beforeAll(async () => {
      app = buildServer({
        db: server.db,
        logger: false,
        corsOrigins: [ALLOWED],
      });
      await app.ready();
    });
    afterAll(() => app?.close());

    const accessControl = (headers: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(headers).filter(([name]) =>
          name.startsWith('access-control-'),
        ),
      );

    it('lets an allowed origin read answers, errors included, without credentials', async () => {
      for (const url of ['/api/health', '/api/auth/me']) {
        const response = await app.inject({
          method: 'GET',
          url,
          headers: { origin: ALLOWED },
        });

        expect(accessControl(response.headers)).toEqual({
          'access-control-allow-origin': ALLOWED,
          'access-control-expose-headers': 'retry-after, www-authenticate',
        });
        expect(response.headers['vary']).toMatch(/Origin/);
      }
    });

    it("answers an allowed origin's preflight with 204 and the methods and headers the client uses", async () => {
      const response = await app.inject({
        method: 'OPTIONS',
        url: '/api/notifications',
        headers: {
          origin: ALLOWED,
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'authorization, x-tenant-code',
        },
      });

      expect(response.statusCode).toBe(204);
      expect(accessControl(response.headers)).toEqual({
        'access-control-allow-origin': ALLOWED,
        'access-control-expose-headers': 'retry-after, www-authenticate',
        'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE',
        'access-control-allow-headers':
          'authorization, content-type, idempotency-key, x-tenant-code',
        'access-control-max-age': '600',
      });
    });

    it.each([
      'https://evil.example',
      'https://dashboard.example.org.evil.example',
      'http://dashboard.example.org',
      'null',
    ])(
      'gives the origin %s no Access-Control headers at all',
      async (origin) => {
        const simple = await app.inject({
          method: 'GET',
          url: '/api/health',
          headers: { origin },
        });
        const preflight = await app.inject({
          method: 'OPTIONS',
          url: '/api/auth/login',
          headers: { origin, 'access-control-request-method': 'POST' },
        });

        expect(accessControl(simple.headers)).toEqual({});
        expect(accessControl(preflight.headers)).toEqual({});
        expect(preflight.statusCode).toBe(404);
      },
    );
  });
});
