import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_TTL_MS } from '../constants';
import { describeOnEachDatabase } from '../testing/test-databases';
import { present } from '../testing/present';
import { startTestServer, type TestServer } from '../testing/test-server';
import { createSession } from './sessions';

/** Every call that needs a signed-in caller, as a request without credentials. */
const SIGNED_IN_CALLS: readonly InjectOptions[] = [
  { method: 'GET', url: '/api/auth/me' },
  { method: 'GET', url: '/api/members?names_only=true' },
  { method: 'GET', url: '/api/notifications?unread=true' },
  { method: 'GET', url: '/api/notifications' },
  { method: 'POST', url: '/api/notifications/1/read' },
  { method: 'POST', url: '/api/notifications/read-all' },
  { method: 'GET', url: '/api/dashboard/summary' },
  { method: 'GET', url: '/api/stores' },
  { method: 'GET', url: '/api/stores/1' },
  { method: 'GET', url: '/api/keys' },
  {
    method: 'POST',
    url: '/api/keys',
    headers: { 'content-type': 'application/json' },
    payload: '{"name":"k"}',
  },
  { method: 'DELETE', url: '/api/keys/1' },
];

/** One character of a base64url token changed into another. */
function changeChar(token: string, index: number): string {
  const at = (index + token.length) % token.length;
  const next = token[at] === 'A' ? 'B' : 'A';
  return `${token.slice(0, at)}${next}${token.slice(at + 1)}`;
}

describeOnEachDatabase('a token that is no live session', (engine) => {
  let server: TestServer;
  let live: string;
  const dead: Record<string, string> = {};
  beforeAll(async () => {
    server = await startTestServer(engine);
    live = await server.login('brand.admin@kiehls.test');

    dead['logged out'] = await server.login('brand.admin@kiehls.test');
    // Cached first, so the logout must also reach the session cache.
    expect(
      (await server.get('/api/auth/me', dead['logged out'])).statusCode,
    ).toBe(200);
    await server.post('/api/auth/logout', dead['logged out']);

    const [user] = await server.db.query<{ id: number }>(
      "SELECT id FROM users WHERE email = 'brand.admin@kiehls.test'",
    );
    const userId = present(user, 'the brand admin').id;
    dead['expired'] = (
      await createSession(
        server.db,
        userId,
        new Date(Date.now() - SESSION_TTL_MS - 1000),
      )
    ).token;
    dead['tampered (last character)'] = changeChar(live, -1);
    dead['tampered (first character)'] = changeChar(live, 0);
    dead['truncated'] = live.slice(0, -1);
    dead['extended'] = `${live}A`;
    dead['in other case'] = live.toUpperCase();
    dead['made up'] = 'A'.repeat(43);
  });
  afterAll(() => server?.close());

  it('leaves the live token working (the control)', async () => {
    for (const call of SIGNED_IN_CALLS.filter((c) => c.method === 'GET')) {
      const response = await server.app.inject({
        ...call,
        headers: { ...call.headers, authorization: `Bearer ${live}` },
      });
      // Store 1 may be another member's: 404, but never 401.
      expect([200, 404], String(call.url)).toContain(response.statusCode);
    }
  });

  describe.each([
    'logged out',
    'expired',
    'tampered (last character)',
    'tampered (first character)',
    'truncated',
    'extended',
    'in other case',
    'made up',
  ])('%s', (kind) => {
    it('gets 401 Unauthorized on every signed-in call, never data', async () => {
      const token = present(dead[kind], `a ${kind} token`);
      for (const call of SIGNED_IN_CALLS) {
        const response = await server.app.inject({
          ...call,
          headers: { ...call.headers, authorization: `Bearer ${token}` },
        });

        expect(response.statusCode, `${call.method} ${call.url}`).toBe(401);
        expect(response.json()).toEqual({
          error: 'Unauthorized',
          message: expect.any(String),
        });
        expect(response.headers['www-authenticate']).toMatch(/^Bearer/);
      }
    });
  });

  it('gets 401 for an Authorization header of 10 KB, without reading it', async () => {
    const response = await server.get('/api/auth/me', 'A'.repeat(10 * 1024));

    expect(response.statusCode).toBe(401);
  });
});
