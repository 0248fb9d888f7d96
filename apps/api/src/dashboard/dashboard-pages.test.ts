import { request as httpRequest, Agent } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMMUTABLE_CACHE_CONTROL } from '../constants';
import {
  FIXTURE_BOOT_SCRIPT,
  FIXTURE_INDEX_HTML,
  FIXTURE_SCRIPT,
  FIXTURE_SCRIPT_PATH,
  OUTSIDE_SECRET,
  writeDashboardFixture,
  type DashboardFixture,
} from '../testing/dashboard-fixture';
import { present } from '../testing/present';
import { TEST_DATABASES } from '../testing/test-databases';
import { startTestServer, type TestServer } from '../testing/test-server';
import { acceptsHtml } from './dashboard-pages';
import { sha256Source } from './page-policy';

/** What a browser sends when it navigates to a page. */
const NAVIGATION_ACCEPT =
  'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

/** Spellings of a path out of the dashboard's folder to `outside`, a file beside it. */
const traversalAttempts = (outside: string) => [
  `/../${outside}`,
  `/assets/../../${outside}`,
  `/..%2f${outside}`,
  `/%2e%2e/${outside}`,
  `/%2e%2e%2f${outside}`,
  `/assets/..%2f..%2f${outside}`,
  `/assets/%2e%2e/%2e%2e/${outside}`,
  `/assets/..%5c..%5c${outside}`,
  `/assets/..\\..\\${outside}`,
  `//${outside}`,
  `/./index.html`,
  `/assets/./index-C4f9aZ1e.css`,
  `/assets//index-C4f9aZ1e.css`,
];

/** Whether a response is the dashboard's single page. */
function isIndexHtml(response: LightMyRequestResponse): boolean {
  return response.body === FIXTURE_INDEX_HTML;
}

describe('acceptsHtml', () => {
  it.each([
    [NAVIGATION_ACCEPT, true],
    ['text/html', true],
    ['*/*', true],
    ['text/*;q=0.5', true],
    [undefined, true],
    ['application/json', false],
    ['text/html;q=0, application/json', false],
    ['image/avif,image/webp', false],
  ])('Accept: %s → %s', (accept, expected) => {
    expect(acceptsHtml(accept)).toBe(expected);
  });
});

// The PGlite engine only: nothing here depends on the database engine.
const engine = present(TEST_DATABASES[0], 'the PGlite test engine');

describe('the server with a built dashboard', () => {
  let fixture: DashboardFixture;
  let server: TestServer;
  beforeAll(async () => {
    fixture = await writeDashboardFixture();
    server = await startTestServer(engine, { dashboardDir: fixture.dir });
  });
  afterAll(async () => {
    await server?.close();
    await fixture?.remove();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'GET', url, headers });

  describe('hashed assets', () => {
    it('come brotli-compressed to a client that accepts br, cached as immutable', async () => {
      const response = await get(FIXTURE_SCRIPT_PATH, {
        'accept-encoding': 'gzip, deflate, br',
      });

      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['content-type']).toMatch(/javascript/);
      expect(response.headers['cache-control']).toBe(IMMUTABLE_CACHE_CONTROL);
      expect(response.headers['vary']).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(
        FIXTURE_SCRIPT,
      );
    });

    it('come gzip-compressed to a client that accepts only gzip', async () => {
      const response = await get(FIXTURE_SCRIPT_PATH, {
        'accept-encoding': 'gzip',
      });

      expect(response.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(response.rawPayload).toString()).toBe(FIXTURE_SCRIPT);
    });

    it('come as they are to a client that accepts no compression', async () => {
      const response = await get(FIXTURE_SCRIPT_PATH);

      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.body).toBe(FIXTURE_SCRIPT);
      expect(response.headers['cache-control']).toBe(IMMUTABLE_CACHE_CONTROL);
    });

    it('are immutable even when only the plain file exists', async () => {
      const response = await get('/assets/index-C4f9aZ1e.css', {
        'accept-encoding': 'br',
      });

      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers['cache-control']).toBe(IMMUTABLE_CACHE_CONTROL);
    });

    it('answer a missing asset with a JSON 404, never the page, even to a browser', async () => {
      for (const url of [
        '/assets/index-Missing1.js',
        '/assets/index-Missing1.js?v=2',
        '/favicon.ico',
        `${FIXTURE_SCRIPT_PATH}.br`,
        '/assets/',
      ]) {
        const response = await get(url, { accept: NAVIGATION_ACCEPT });

        expect(response.statusCode, url).toBe(404);
        expect(response.json(), url).toEqual({ error: 'Not found' });
      }
    });
  });

  describe('the page', () => {
    it('is index.html at / and /index.html, revalidated on every use', async () => {
      for (const url of ['/', '/index.html']) {
        const response = await get(url, { accept: NAVIGATION_ACCEPT });

        expect(response.statusCode, url).toBe(200);
        expect(response.headers['content-type'], url).toMatch(/^text\/html/);
        expect(response.headers['cache-control'], url).toBe('no-cache');
        expect(isIndexHtml(response), url).toBe(true);
      }
    });

    it('carries a CSP that runs the inline boot script by its hash, without unsafe-inline', async () => {
      const response = await get('/', { accept: NAVIGATION_ACCEPT });
      const csp = String(response.headers['content-security-policy']);
      const directives = new Map(
        csp.split(';').map((directive) => {
          const [name = '', ...values] = directive.trim().split(/\s+/);
          return [name, values] as const;
        }),
      );

      expect(directives.get('script-src')).toEqual([
        "'self'",
        sha256Source(FIXTURE_BOOT_SCRIPT),
      ]);
      expect(directives.get('script-src-attr')).toEqual(["'none'"]);
      expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
      expect(directives.get('object-src')).toEqual(["'none'"]);
      expect(directives.get('base-uri')).toEqual(["'self'"]);
      expect(directives.get('default-src')).toEqual(["'self'"]);
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).not.toContain('upgrade-insecure-requests');
    });

    it("carries helmet's other headers", async () => {
      const response = await get('/', { accept: NAVIGATION_ACCEPT });

      expect(response.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'referrer-policy': 'no-referrer',
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
        'strict-transport-security': expect.stringMatching(/^max-age=\d+/),
      });
      expect(response.headers['x-powered-by']).toBeUndefined();
    });

    it('is served brotli-compressed when its .br copy exists', async () => {
      const response = await get('/', {
        accept: NAVIGATION_ACCEPT,
        'accept-encoding': 'br',
      });

      expect(response.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(
        FIXTURE_INDEX_HTML,
      );
    });
  });

  describe('the single-page fallback', () => {
    it.each([
      '/dashboard',
      '/api-keys',
      '/apikeys',
      '/admin/consumer-forms-overview',
      '/consumer-mailback/submissions/42',
      '/no/such/page/',
      '/dashboard?tab=1',
      // The public pages of mailed links (decisions D16, docs/decisions/0086).
      '/accept-invitation',
      '/reset-password',
    ])(
      'answers a browser GET of %s with index.html, not cached, with the CSP',
      async (url) => {
        const response = await get(url, { accept: NAVIGATION_ACCEPT });

        expect(response.statusCode).toBe(200);
        expect(isIndexHtml(response)).toBe(true);
        expect(response.headers['cache-control']).toBe('no-cache');
        expect(response.headers['content-security-policy']).toContain(
          sha256Source(FIXTURE_BOOT_SCRIPT),
        );
      },
    );

    it('answers HEAD of an app path like GET, without a body', async () => {
      const response = await server.app.inject({
        method: 'HEAD',
        url: '/api-keys',
        headers: { accept: NAVIGATION_ACCEPT },
      });

      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toBe('');
    });

    it('answers a client that does not accept HTML with a JSON 404', async () => {
      const response = await get('/dashboard', { accept: 'application/json' });

      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Not found' });
    });

    it('answers other methods with a JSON 404', async () => {
      const response = await server.app.inject({
        method: 'POST',
        url: '/dashboard',
        headers: { accept: NAVIGATION_ACCEPT },
        payload: { a: 1 },
      });

      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Not found' });
    });
  });

  describe('the API beside the dashboard', () => {
    it.each(['/api/nope', '/api/', '/api', '/api/auth/me/extra'])(
      'answers the unknown API path %s with the JSON 404 and headers of the API, even to a browser',
      async (url) => {
        const response = await get(url, { accept: NAVIGATION_ACCEPT });

        expect(response.statusCode).toBe(404);
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        expect(response.json()).toEqual({ error: 'Not found' });
        expect(response.headers['content-security-policy']).toBe(
          "default-src 'none';frame-ancestors 'none'",
        );
        expect(response.headers['cache-control']).toBe('no-store');
      },
    );

    it('keeps its checks to /api: a page request with an unknown X-Tenant-Code still gets the page', async () => {
      const page = await get('/dashboard', {
        accept: NAVIGATION_ACCEPT,
        'x-tenant-code': 'acme',
      });
      const api = await get('/api/health', { 'x-tenant-code': 'acme' });

      expect(page.statusCode).toBe(200);
      expect(api.statusCode).toBe(400);
    });

    it('answers 2 MB sent to the login on the dashboard origin with a JSON 413', async () => {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({
          email: 'super@pact.test',
          password: 'x'.repeat(2 * 1024 * 1024),
        }),
      });

      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({
        error: 'Request body is too large; the limit is 16 KiB',
      });
    });

    it('answers 2 MB sent to a page path with a JSON 413 too', async () => {
      const response = await server.app.inject({
        method: 'POST',
        url: '/dashboard',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ data: 'x'.repeat(2 * 1024 * 1024) }),
      });

      expect(response.statusCode).toBe(413);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
    });
  });
});

describe('the server with a built dashboard, over a real connection', () => {
  let fixture: DashboardFixture;
  let server: TestServer;
  let port: number;
  beforeAll(async () => {
    fixture = await writeDashboardFixture();
    server = await startTestServer(engine, { dashboardDir: fixture.dir });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    port = (server.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await server?.close();
    await fixture?.remove();
  });

  function send(
    agent: Agent,
    method: string,
    path: string,
    body?: string,
  ): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const request = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method,
          path,
          agent,
          headers: body ? { 'content-type': 'application/json' } : {},
        },
        (response) => {
          let text = '';
          response.on('data', (chunk) => (text += String(chunk)));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, body: text }),
          );
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  }

  // Over a socket, not inject(): light-my-request resolves dot segments
  // before the server sees them, as browsers and curl do; attackers do not.
  it('refuses every spelling of a path out of the build with a JSON 404', async () => {
    for (const url of traversalAttempts(fixture.outsideFile)) {
      const head = await new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => {
          socket.write(
            `GET ${url} HTTP/1.1\r\nHost: localhost\r\nAccept: ${NAVIGATION_ACCEPT}\r\nConnection: close\r\n\r\n`,
          );
        });
        let text = '';
        socket.on('data', (chunk) => (text += String(chunk)));
        socket.on('end', () => resolve(text));
        socket.on('error', reject);
      });

      expect(head, url).toMatch(/^HTTP\/1\.1 404 /);
      expect(head, url).toMatch(/\r\n\r\n\{"error":"Not found"\}$/);
      expect(head, url).not.toContain(OUTSIDE_SECRET);
    }
  });

  it('answers 2 MB to the login with a 413 JSON, and the next request from the same client works', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const tooLarge = await send(
        agent,
        'POST',
        '/api/auth/login',
        JSON.stringify({ password: 'x'.repeat(2 * 1024 * 1024) }),
      );
      const next = await send(agent, 'GET', '/api/health');

      expect(tooLarge.status).toBe(413);
      expect(JSON.parse(tooLarge.body)).toMatchObject({
        error: expect.stringMatching(/too large/),
      });
      expect(next).toEqual({ status: 200, body: '{"status":"ok"}' });
    } finally {
      agent.destroy();
    }
  });
});
