import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from './db/seed';
import { buildServer } from './server';
import { startTestServer, type TestServer } from './testing/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const expectedHeaders = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cache-control': 'no-store',
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
    ['a path outside /api', 'GET', '/index.html', 404],
  ] as const)(
    'sends the security headers with %s',
    async (_case, method, url, status) => {
      const response = await server.app.inject({ method, url });

      expect(response.statusCode).toBe(status);
      expect(response.headers).toMatchObject(expectedHeaders);
    },
  );

  it('answers unknown /api paths with a JSON 404, never HTML', async () => {
    const response = await server.get('/api/does/not/exist');

    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
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
