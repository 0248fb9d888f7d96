import { endpoints } from '@collective/api-client/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_TTL_MS } from '../constants';
import { describeOnEachDatabase } from '../testing/test-databases';
import { present } from '../testing/present';
import { startTestServer, type TestServer } from '../testing/test-server';
import { createSession } from './sessions';

/**
 * Every call of the contract that needs a signed-in caller (a session, or a
 * session or an API key), once per method and path, as a request without
 * credentials; path parameters are 1. The 401 comes from an `onRequest`
 * hook, before the query, body or parameters are read.
 */
const SIGNED_IN_CALLS: readonly InjectOptions[] = [
  ...new Map(
    Object.values(endpoints)
      .filter(({ auth }) => auth === 'session' || auth === 'session-or-key')
      .map(({ method, path }) => {
        const url = path.replace(/:[A-Za-z_]\w*/g, '1');
        return [`${method} ${url}`, { method, url }] as const;
      }),
  ).values(),
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
    // The reads of the signed-in calls, at least those of sessions, stores and keys.
    const reads = SIGNED_IN_CALLS.filter((c) => c.method === 'GET');
    expect(reads.map((c) => c.url)).toEqual(
      expect.arrayContaining(['/api/auth/me', '/api/stores/1', '/api/keys']),
    );
    for (const call of reads) {
      const response = await server.app.inject({
        ...call,
        headers: { ...call.headers, authorization: `Bearer ${live}` },
      });
      // Record 1 may be another member's or malformed (404, 400), a list may
      // want its query (400), a read may be for others (403): never 401.
      expect(response.statusCode, String(call.url)).not.toBe(401);
      expect(response.statusCode, String(call.url)).toBeLessThan(500);
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
