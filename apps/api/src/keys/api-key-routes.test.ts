import {
  ApiKeysResponseSchema,
  CreatedApiKeySchema,
  endpoints,
  MAX_API_KEYS_PER_USER,
  type Endpoint,
} from '@collective/api-client/contract';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeOnEachDatabase } from '../testing/test-databases';
import { present } from '../testing/present';
import { startTestServer, type TestServer } from '../testing/test-server';
import { hashApiKey } from './api-keys';

describeOnEachDatabase('API keys', (engine) => {
  let server: TestServer;
  let now = Date.now();

  beforeAll(async () => {
    server = await startTestServer(engine, { clock: () => new Date(now) });
  });
  afterAll(() => server?.close());

  const create = (token: string, name: unknown) =>
    server.app.inject({
      method: 'POST',
      url: '/api/keys',
      headers: { authorization: `Bearer ${token}` },
      payload: { name },
    });
  const revoke = (token: string, id: number | string) =>
    server.app.inject({
      method: 'DELETE',
      url: `/api/keys/${id}`,
      headers: { authorization: `Bearer ${token}` },
    });
  const createKey = async (token: string, name = 'Reporting') => {
    const response = await create(token, name);
    expect(response.statusCode, response.body).toBe(201);
    return v.parse(CreatedApiKeySchema, response.json());
  };

  describe('POST /api/keys', () => {
    it('makes a key and shows its secret once: ck_<8 hex>_<43 url-safe characters>, starting with the listed prefix', async () => {
      const token = await server.login('operator@kiehls.test');

      const created = await createKey(token, '  Power BI  ');

      expect(created.success).toBe(true);
      expect(created.key.name).toBe('Power BI');
      expect(created.key.prefix).toMatch(/^ck_[0-9a-f]{8}$/);
      expect(created.secret).toMatch(/^ck_[0-9a-f]{8}_[A-Za-z0-9_-]{43}$/);
      expect(created.secret.startsWith(`${created.key.prefix}_`)).toBe(true);
      expect(created.key.last_used_at).toBeNull();
      expect(Date.parse(created.key.created_at)).toBeGreaterThan(
        Date.now() - 60_000,
      );
    });

    it('stores only the SHA-256 of the key: the secret is nowhere in the database', async () => {
      const token = await server.login('operator@kiehls.test');
      const { key, secret } = await createKey(token);
      const afterPrefix = secret.slice(key.prefix.length + 1);

      const [row] = await server.db.query<Record<string, unknown>>(
        'SELECT * FROM api_keys WHERE id = $1',
        [key.id],
      );
      const [dump] = await server.db.query<{ text: string }>(
        'SELECT string_agg(k::text, ' + "'|'" + ') AS text FROM api_keys k',
      );

      expect(present(row, 'the key row')['key_hash']).toBe(hashApiKey(secret));
      expect(present(dump, 'the keys').text).not.toContain(afterPrefix);
      expect(present(dump, 'the keys').text).not.toContain(secret);
    });

    it.each([
      ['', 'name is required'],
      ['   ', 'name is required'],
      ['x'.repeat(61), 'name must be at most 60 characters'],
      [42, 'name must be a string'],
    ])('refuses the name %j with a JSON 400', async (name, error) => {
      const token = await server.login('operator@kiehls.test');

      const response = await create(token, name);

      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error });
    });

    it(`refuses a key beyond ${MAX_API_KEYS_PER_USER} live ones with 409, and allows one again after a revocation`, async () => {
      const token = await server.login('staff@pact.test');
      const made = await Promise.all(
        Array.from({ length: MAX_API_KEYS_PER_USER + 3 }, (_, n) =>
          create(token, `key ${n}`),
        ),
      );

      const statuses = made.map((response) => response.statusCode).sort();
      expect(statuses.filter((status) => status === 201)).toHaveLength(
        MAX_API_KEYS_PER_USER,
      );
      const refused = present(
        made.find((response) => response.statusCode === 409),
        'a refused creation',
      );
      expect(refused.json()).toEqual({
        error: 'Too many API keys',
        message: `You already hold ${MAX_API_KEYS_PER_USER} API keys, the most allowed; revoke one you no longer use, then create the new one.`,
      });
      const first = present(
        made.find((response) => response.statusCode === 201),
        'a created key',
      ).json().key.id;
      expect((await revoke(token, first)).statusCode).toBe(200);
      expect((await create(token, 'one more')).statusCode).toBe(201);
    });
  });

  describe('POST /api/keys with Idempotency-Keys', () => {
    it('makes concurrent creates of one user, each with a key of its own, one after the other: no deadlock', async () => {
      const token = await server.login('brand.admin@kiehls.test');
      const made = await Promise.all(
        Array.from({ length: 4 }, (_, n) =>
          server.app.inject({
            method: 'POST',
            url: '/api/keys',
            headers: {
              authorization: `Bearer ${token}`,
              'idempotency-key': `concurrent-key-${n}`,
            },
            payload: { name: `Concurrent ${n}` },
          }),
        ),
      );

      expect(made.map((response) => response.statusCode)).toEqual([
        201, 201, 201, 201,
      ]);
    });
  });

  describe('GET /api/keys', () => {
    it("lists the caller's live keys, newest first, without secrets or hashes", async () => {
      const token = await server.login('special.admin@member1009.test');
      const older = await createKey(token, 'older');
      const newer = await createKey(token, 'newer');
      const gone = await createKey(token, 'gone');
      await revoke(token, gone.key.id);
      const othersToken = await server.login('brand.admin@kiehls.test');
      await createKey(othersToken, 'not mine');

      const response = await server.get('/api/keys', token);

      expect(response.statusCode).toBe(200);
      const body = v.parse(ApiKeysResponseSchema, response.json());
      expect(body.keys).toEqual([newer.key, older.key]);
      expect(response.body).not.toMatch(/secret|hash/);
    });
  });

  describe('DELETE /api/keys/:id', () => {
    it("answers 404 for another user's key and leaves it working", async () => {
      const owner = await server.login('brand.admin@kiehls.test');
      const { key, secret } = await createKey(owner);
      const other = await server.login('admin@pact.test');

      const response = await revoke(other, key.id);

      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: 'Not found',
        message: `You have no API key ${key.id}.`,
      });
      expect(
        (await server.get('/api/dashboard/summary', secret)).statusCode,
      ).toBe(200);
    });

    it('refuses an id that is not a record id with a JSON 400', async () => {
      const token = await server.login('admin@pact.test');

      const response = await revoke(token, 'abc');

      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatch(/^key id must be/);
    });
  });

  describe('an API key as the Authorization bearer', () => {
    it("reads its owner's data in the owner's scope, whatever member_id says", async () => {
      const token = await server.login('operator@kiehls.test');
      const { secret } = await createKey(token);

      const bySession = await server.get('/api/dashboard/summary', token);
      const byKey = await server.get(
        '/api/dashboard/summary?member_id=3',
        secret,
      );
      const stores = await server.get('/api/stores?member_id=3', secret);
      const otherStore = present(
        (
          await server.db.query<{ id: number }>(
            'SELECT id FROM stores WHERE member_id = 3 LIMIT 1',
          )
        )[0],
        'a store of member 3',
      ).id;

      expect(byKey.statusCode).toBe(200);
      expect(byKey.json()).toEqual(bySession.json());
      expect(byKey.json().scope).toEqual({
        member_id: 2,
        member_name: "Kiehl's",
      });
      expect(
        stores
          .json()
          .stores.every((s: { member_id: number }) => s.member_id === 2),
      ).toBe(true);
      expect(
        (await server.get(`/api/stores/${otherStore}`, secret)).statusCode,
      ).toBe(404);
    });

    it.each([
      ['GET', '/api/auth/me'],
      ['POST', '/api/auth/logout'],
      ['GET', '/api/keys'],
      ['POST', '/api/keys'],
      ['GET', '/api/notifications?unread=true'],
      ['GET', '/api/notifications'],
      ['POST', '/api/notifications/read-all'],
      ['GET', '/api/members?names_only=true'],
    ])('is refused with 401 on %s %s', async (method, url) => {
      const token = await server.login('admin@pact.test');
      const { secret } = await createKey(token);

      const response = await server.app.inject({
        method: method as 'GET' | 'POST',
        url,
        headers: { authorization: `Bearer ${secret}` },
        ...(url === '/api/keys' && method === 'POST'
          ? { payload: { name: 'from a key' } }
          : {}),
      });

      expect(response.statusCode).toBe(401);
      // Every call the contract opens to API keys is named, in the contract's order.
      const keyCalls = Object.values(endpoints as Record<string, Endpoint>)
        .filter((entry) => entry.auth === 'session-or-key')
        .map((entry) => `${entry.method} ${entry.path}`);
      expect(keyCalls.length).toBeGreaterThan(10);
      expect(response.json()).toEqual({
        error: 'Unauthorized',
        message: `API keys may call ${keyCalls.slice(0, -1).join(', ')} and ${keyCalls.at(-1)} only; sign in for this call.`,
      });
      expect(response.json().message).toContain(
        'GET /api/dashboard/summary, GET /api/stores,',
      );
      expect(response.headers['www-authenticate']).toBe(
        'Bearer error="invalid_token"',
      );
    });

    it('stops working the moment it is revoked', async () => {
      const token = await server.login('brand.admin@kiehls.test');
      const { key, secret } = await createKey(token);
      expect((await server.get('/api/stores', secret)).statusCode).toBe(200);

      await revoke(token, key.id);
      const after = await server.get('/api/stores', secret);

      expect(after.statusCode).toBe(401);
      expect(after.json().message).toMatch(/unknown or was revoked/);
    });

    it('is refused when unknown, with the same answer as a revoked one', async () => {
      const response = await server.get(
        '/api/dashboard/summary',
        `ck_00000000_${'A'.repeat(43)}`,
      );

      expect(response.statusCode).toBe(401);
      expect(response.json().message).toMatch(/unknown or was revoked/);
    });

    it('records its last use at most once a minute', async () => {
      const token = await server.login('brand.admin@kiehls.test');
      const { key, secret } = await createKey(token);
      const lastUsed = async () =>
        present(
          (
            await server.db.query<{ last_used_at: Date | null }>(
              'SELECT last_used_at FROM api_keys WHERE id = $1',
              [key.id],
            )
          )[0],
          'the key',
        ).last_used_at;

      await server.get('/api/dashboard/summary', secret);
      const first = await lastUsed();
      now += 30_000;
      await server.get('/api/stores', secret);
      const halfAMinuteLater = await lastUsed();
      now += 31_000;
      await server.get('/api/stores', secret);
      const aMinuteLater = await lastUsed();

      expect(first).toEqual(new Date(now - 61_000));
      expect(halfAMinuteLater).toEqual(first);
      expect(aMinuteLater).toEqual(new Date(now));
      const listed = (await server.get('/api/keys', token))
        .json()
        .keys.find((item: { id: number }) => item.id === key.id);
      expect(listed.last_used_at).toBe(new Date(now).toISOString());
    });
  });

  it('requires a session on every key call', async () => {
    expect((await server.get('/api/keys')).statusCode).toBe(401);
    expect(
      (
        await server.app.inject({
          method: 'POST',
          url: '/api/keys',
          payload: { name: 'x' },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (await server.app.inject({ method: 'DELETE', url: '/api/keys/1' }))
        .statusCode,
    ).toBe(401);
  });
});
