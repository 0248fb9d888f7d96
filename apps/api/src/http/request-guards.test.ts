import { createHash } from 'node:crypto';
import * as argon2 from '@node-rs/argon2';
import { ErrorBodySchema } from '@collective/api-client/contract';
import type { InjectOptions } from 'fastify';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_JSON_DEPTH } from '../constants';
import { DEMO_PASSWORD } from '../db/seed';
import { describeOnEachDatabase } from '../testing/test-databases';
import { startTestServer, type TestServer } from '../testing/test-server';
import {
  NUL_IN_BODY_MESSAGE,
  NUL_IN_URL_MESSAGE,
  refusalOf,
  TOO_DEEP_MESSAGE,
} from './request-guards';

vi.mock('@node-rs/argon2', { spy: true });

const nested = (levels: number) =>
  `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

describe('refusalOf', () => {
  it(`accepts bodies up to ${MAX_JSON_DEPTH} levels deep and refuses deeper ones`, () => {
    expect(refusalOf(JSON.parse(nested(MAX_JSON_DEPTH)))).toBeNull();
    expect(refusalOf(JSON.parse(nested(MAX_JSON_DEPTH + 1)))).toBe(
      TOO_DEEP_MESSAGE,
    );
    expect(refusalOf(JSON.parse('['.repeat(5000) + ']'.repeat(5000)))).toBe(
      TOO_DEEP_MESSAGE,
    );
  });

  it('refuses a NUL character in any string or key, at any depth', () => {
    expect(refusalOf({ a: ['ok', { b: 'x\0y' }] })).toBe(NUL_IN_BODY_MESSAGE);
    expect(refusalOf({ 'k\0': 1 })).toBe(NUL_IN_BODY_MESSAGE);
    expect(refusalOf({ email: 'a@b.test', password: 'pw', n: 1 })).toBeNull();
  });
});

describeOnEachDatabase('hostile requests', (engine) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer(engine);
    token = await server.login('brand.admin@kiehls.test');
  });
  afterAll(() => server?.close());

  const json = { 'content-type': 'application/json' };
  const login = (payload: string, headers = json): InjectOptions => ({
    method: 'POST',
    url: '/api/auth/login',
    headers,
    payload,
  });

  /** Sends `request` and reports what it cost: argon2 work and queries of the users table. */
  async function send(request: InjectOptions) {
    const query = vi.spyOn(server.db, 'query');
    vi.mocked(argon2.verify).mockClear();
    vi.mocked(argon2.hash).mockClear();
    try {
      const response = await server.app.inject(request);
      return {
        response,
        hashing:
          vi.mocked(argon2.verify).mock.calls.length +
          vi.mocked(argon2.hash).mock.calls.length,
        userLookups: query.mock.calls.filter(
          ([sql]) => typeof sql === 'string' && /\busers\b/.test(sql),
        ).length,
      };
    } finally {
      query.mockRestore();
    }
  }

  describe('POST /api/auth/login', () => {
    it.each<[string, InjectOptions, number, string | RegExp]>([
      [
        'a 1 MB body',
        login(
          JSON.stringify({
            email: 'super@pact.test',
            password: 'x'.repeat(1024 * 1024),
          }),
        ),
        413,
        'Request body is too large; the limit is 16 KiB',
      ],
      [
        'a 10 KB password',
        login(
          JSON.stringify({
            email: 'super@pact.test',
            password: 'x'.repeat(10 * 1024),
          }),
        ),
        400,
        'password must be at most 1024 characters',
      ],
      [
        'a form body',
        login('email=super%40pact.test&password=demo-pass-2026', {
          'content-type': 'application/x-www-form-urlencoded',
        }),
        415,
        /application\/json/,
      ],
      [
        'a text body',
        login(`{"email":"super@pact.test","password":"${DEMO_PASSWORD}"}`, {
          'content-type': 'text/plain',
        }),
        415,
        /application\/json/,
      ],
      [
        'malformed JSON',
        login('{"email": "super@pact.test", "password": '),
        400,
        'Request body is not valid JSON',
      ],
      [
        'an operator object for the email',
        login('{"email":{"$ne":null}}'),
        400,
        'email must be a string; password is required',
      ],
      [
        'an operator object for the password',
        login('{"email":"super@pact.test","password":{"$gt":""}}'),
        400,
        'password must be a string',
      ],
      [
        'a NUL in the email',
        login('{"email":"super@pact.test\\u0000","password":"x"}'),
        400,
        NUL_IN_BODY_MESSAGE,
      ],
      [
        'a NUL in the password',
        login(
          `{"email":"super@pact.test","password":"${DEMO_PASSWORD}\\u0000"}`,
        ),
        400,
        NUL_IN_BODY_MESSAGE,
      ],
      [
        'a raw NUL byte',
        login('{"email":"super@pact.test","password":"a\u0000b"}'),
        400,
        'Request body is not valid JSON',
      ],
      [
        '100 levels of nested objects',
        login(nested(100)),
        400,
        TOO_DEEP_MESSAGE,
      ],
      [
        '5,000 levels of nested arrays',
        login('['.repeat(5000) + ']'.repeat(5000)),
        400,
        TOO_DEEP_MESSAGE,
      ],
      [
        'a __proto__ key',
        login(
          `{"__proto__":{"role":"super_admin"},"email":"super@pact.test","password":"${DEMO_PASSWORD}"}`,
        ),
        400,
        'Request body is not valid JSON',
      ],
    ])(
      'refuses %s with a JSON error before any account lookup or hashing',
      async (_case, request, status, error) => {
        const { response, hashing, userLookups } = await send(request);

        expect(response.statusCode).toBe(status);
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        const body = v.parse(ErrorBodySchema, response.json());
        if (typeof error === 'string') expect(body.error).toBe(error);
        else expect(body.error).toMatch(error);
        expect(hashing).toBe(0);
        expect(userLookups).toBe(0);
      },
    );

    it('still signs in with a well-formed body afterwards', async () => {
      const { response } = await send(
        login(
          JSON.stringify({ email: 'super@pact.test', password: DEMO_PASSWORD }),
        ),
      );

      expect(response.statusCode).toBe(200);
    });
  });

  describe('NUL characters elsewhere', () => {
    it.each([
      '/api/stores?search=%00',
      '/api/stores?search=a%00b',
      '/api/stores/1%00',
      '/api/dashboard/summary?member_id=%002',
      '/api/notifications?unread=%00',
      '/api/members?names_only=true%00',
    ])('refuses GET %s with a JSON 400, never a 5xx', async (url) => {
      const response = await server.get(url, token);

      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: NUL_IN_URL_MESSAGE });
    });

    it('refuses an API key name holding a NUL with a JSON 400', async () => {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/keys',
        headers: { ...json, authorization: `Bearer ${token}` },
        payload: '{"name":"reporting\\u0000key"}',
      });

      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: NUL_IN_BODY_MESSAGE });
    });

    it('still searches for a literal "%00" sent encoded as %2500', async () => {
      const response = await server.get('/api/stores?search=%2500', token);

      expect(response.statusCode).toBe(200);
      expect(response.json().total).toBe(0);
    });
  });

  describe('POST /api/auth/logout', () => {
    it('succeeds with Content-Type: application/json and an empty body, and revokes the token', async () => {
      const ending = await server.login('operator@kiehls.test');

      const response = await server.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { ...json, authorization: `Bearer ${ending}` },
      });

      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true });
      expect((await server.get('/api/auth/me', ending)).statusCode).toBe(401);
      const [row] = await server.db.query<{ revoked: boolean }>(
        'SELECT revoked_at IS NOT NULL AS revoked FROM sessions WHERE token_hash = $1',
        [createHash('sha256').update(ending).digest('hex')],
      );
      expect(row?.revoked).toBe(true);
    });

    it('succeeds with a JSON body of {} or of only white space', async () => {
      for (const payload of ['{}', '  \n']) {
        const response = await server.app.inject({
          method: 'POST',
          url: '/api/auth/logout',
          headers: json,
          payload,
        });
        expect(response.statusCode).toBe(200);
      }
    });
  });
});
