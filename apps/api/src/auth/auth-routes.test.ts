import { createHash } from 'node:crypto';
import {
  ErrorBodySchema,
  LoginResponseSchema,
  MeResponseSchema,
} from '@collective/api-client/contract';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOGIN_THROTTLE_WINDOW_MS, SESSION_TTL_MS } from '../constants';
import { DEMO_PASSWORD } from '../db/seed';
import { describeOnEachDatabase } from '../testing/test-databases';
import { present } from '../testing/present';
import { buildServer } from '../server';
import { startTestServer, type TestServer } from '../testing/test-server';
import * as password from './password';
import { createSession } from './sessions';

vi.mock('./password', { spy: true });

describeOnEachDatabase('auth routes', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server?.close());

  function postLogin(payload: unknown, remoteAddress?: string) {
    return server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: payload as object,
      ...(remoteAddress ? { remoteAddress } : {}),
    });
  }

  function userId(email: string) {
    return server.db
      .query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email])
      .then((rows) => present(rows[0], `the user ${email}`).id);
  }

  describe('POST /api/auth/login', () => {
    it('returns a token and the full user for the super admin', async () => {
      const response = await postLogin({
        email: 'super@pact.test',
        password: DEMO_PASSWORD,
      });

      expect(response.statusCode).toBe(200);
      const body = v.parse(LoginResponseSchema, response.json());
      expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(body.user).toEqual({
        name: 'Sam Super',
        email: 'super@pact.test',
        role: 'super_admin',
        member_id: null,
        member_code: null,
        allowed_tenant_id: 1,
        isPactStaff: true,
      });
    });

    it('returns the member, member code and tenant of a brand admin', async () => {
      const response = await postLogin({
        email: 'brand.admin@kiehls.test',
        password: DEMO_PASSWORD,
      });

      expect(response.statusCode).toBe(200);
      expect(v.parse(LoginResponseSchema, response.json()).user).toMatchObject({
        email: 'brand.admin@kiehls.test',
        role: 'admin',
        member_id: 2,
        member_code: 'KIEHLS',
        allowed_tenant_id: 2,
        isPactStaff: false,
      });
    });

    it('compares emails without regard to case', async () => {
      const response = await postLogin({
        email: 'Brand.Admin@KIEHLS.test',
        password: DEMO_PASSWORD,
      });

      expect(response.statusCode).toBe(200);
      expect(response.json().user.email).toBe('brand.admin@kiehls.test');
    });

    it('issues a different token on every login', async () => {
      const first = await server.login('admin@pact.test');
      const second = await server.login('admin@pact.test');

      expect(first).not.toBe(second);
    });

    it('stores only the SHA-256 hash of the token, never the token itself', async () => {
      const token = await server.login('staff@pact.test');

      const rows = await server.db.query<{ token_hash: string }>(
        'SELECT token_hash FROM sessions',
      );
      const hashes = rows.map((row) => row.token_hash);
      expect(hashes).toContain(
        createHash('sha256').update(token).digest('hex'),
      );
      expect(hashes).not.toContain(token);
    });

    it('answers a wrong password and an unknown email with the same status and body', async () => {
      const wrongPassword = await postLogin({
        email: 'super@pact.test',
        password: 'not-the-password',
      });
      const unknownEmail = await postLogin({
        email: 'ghost@pact.test',
        password: DEMO_PASSWORD,
      });

      expect(wrongPassword.statusCode).toBe(401);
      expect(unknownEmail.statusCode).toBe(401);
      expect(wrongPassword.json()).toEqual({
        error: 'Invalid email or password',
      });
      expect(unknownEmail.body).toBe(wrongPassword.body);
      expect(unknownEmail.headers['content-type']).toBe(
        wrongPassword.headers['content-type'],
      );
    });

    it('still runs a scrypt verification when the email is unknown', async () => {
      vi.mocked(password.verifyPassword).mockClear();

      await postLogin({ email: 'ghost@pact.test', password: DEMO_PASSWORD });

      expect(password.verifyPassword).toHaveBeenCalledTimes(1);
      const [, hash] = present(
        vi.mocked(password.verifyPassword).mock.calls[0],
        'a verifyPassword call',
      );
      expect(hash).toBe(await password.dummyPasswordHash());
      expect(hash).toMatch(/^scrypt\$16384\$8\$1\$/);
    });

    it.each([
      [
        'a missing password',
        { email: 'super@pact.test' },
        'password is required',
      ],
      ['a missing email', { password: DEMO_PASSWORD }, 'email is required'],
      [
        'an email that is not an email',
        { email: 'super', password: DEMO_PASSWORD },
        'email must be an email address',
      ],
      [
        'an unknown key',
        {
          email: 'super@pact.test',
          password: DEMO_PASSWORD,
          role: 'super_admin',
        },
        'role is not allowed',
      ],
      [
        'a password that is not a string',
        { email: 'super@pact.test', password: 42 },
        'password must be a string',
      ],
      ['an array body', [], 'email is required; password is required'],
    ])(
      'refuses %s with 400 before any database or hashing work',
      async (_case, payload, error) => {
        const query = vi.spyOn(server.db, 'query');
        vi.mocked(password.verifyPassword).mockClear();

        const response = await postLogin(payload);

        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ error });
        expect(query).not.toHaveBeenCalled();
        expect(password.verifyPassword).not.toHaveBeenCalled();
      },
    );

    it('refuses a body that is not valid JSON with a JSON 400', async () => {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"email": "super@pact.test", "password": ',
      });

      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({
        error: 'Request body is not valid JSON',
      });
    });

    it('refuses an empty JSON body with a JSON 400', async () => {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
      });

      expect(response.statusCode).toBe(400);
      expect(v.is(ErrorBodySchema, response.json())).toBe(true);
    });

    it('refuses a 20 KiB body with a JSON 413', async () => {
      const response = await postLogin({
        email: 'super@pact.test',
        password: 'x'.repeat(20 * 1024),
      });

      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({
        error: 'Request body is too large; the limit is 16 KiB',
      });
    });

    it('refuses a body that is not JSON with a JSON 415', async () => {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'text/plain' },
        payload: 'email=super@pact.test',
      });

      expect(response.statusCode).toBe(415);
      expect(response.json().error).toMatch(/application\/json/);
    });
  });

  describe('GET /api/auth/me', () => {
    it('returns the user of a valid token', async () => {
      const token = await server.login('operator@kiehls.test');

      const response = await server.get('/api/auth/me', token);

      expect(response.statusCode).toBe(200);
      expect(response.json().success).toBe(true);
      expect(v.parse(MeResponseSchema, response.json()).user).toEqual({
        name: 'Oli Operator',
        email: 'operator@kiehls.test',
        role: 'brand_operator',
        member_id: 2,
        member_code: 'KIEHLS',
        allowed_tenant_id: 2,
        isPactStaff: false,
      });
    });

    it('answers a request without a token with 401 Unauthorized and a message', async () => {
      const response = await server.get('/api/auth/me');

      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        error: 'Unauthorized',
        message: expect.any(String),
      });
      expect(response.headers['www-authenticate']).toMatch(/^Bearer/);
    });

    it('answers an unknown token with 401', async () => {
      const response = await server.get('/api/auth/me', 'not-a-real-token');

      expect(response.statusCode).toBe(401);
      expect(response.json().error).toBe('Unauthorized');
    });

    it('answers a token of another scheme with 401', async () => {
      const token = await server.login('admin@pact.test');

      const response = await server.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { authorization: `Basic ${token}` },
      });

      expect(response.statusCode).toBe(401);
    });

    it('answers an expired token with 401', async () => {
      const thirteenHoursAgo = new Date(
        Date.now() - SESSION_TTL_MS - 60 * 60 * 1000,
      );
      const { token } = await createSession(
        server.db,
        await userId('admin@pact.test'),
        thirteenHoursAgo,
      );

      const response = await server.get('/api/auth/me', token);

      expect(response.statusCode).toBe(401);
    });

    it('accepts a token until just before its 12-hour expiry', async () => {
      const almostTwelveHoursAgo = new Date(
        Date.now() - SESSION_TTL_MS + 60 * 1000,
      );
      const { token } = await createSession(
        server.db,
        await userId('admin@pact.test'),
        almostTwelveHoursAgo,
      );

      const response = await server.get('/api/auth/me', token);

      expect(response.statusCode).toBe(200);
    });
  });

  describe('POST /api/auth/logout', () => {
    function postLogout(token?: string) {
      return server.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
    }

    it('revokes the presented token, so it no longer authenticates', async () => {
      const token = await server.login('super@pact.test');

      const response = await postLogout(token);

      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true });
      expect((await server.get('/api/auth/me', token)).statusCode).toBe(401);
      const [row] = await server.db.query<{ revoked_at: Date | null }>(
        'SELECT revoked_at FROM sessions WHERE token_hash = $1',
        [createHash('sha256').update(token).digest('hex')],
      );
      expect(row?.revoked_at).toBeInstanceOf(Date);
    });

    it('leaves the other sessions of the same user alive', async () => {
      const kept = await server.login('super@pact.test');
      const ended = await server.login('super@pact.test');

      await postLogout(ended);

      expect((await server.get('/api/auth/me', kept)).statusCode).toBe(200);
    });

    it('answers 200 for a token that is already revoked, unknown or missing', async () => {
      const token = await server.login('super@pact.test');
      await postLogout(token);

      for (const response of [
        await postLogout(token),
        await postLogout('unknown-token'),
        await postLogout(),
      ]) {
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ success: true });
      }
    });
  });

  describe('GET /api/auth/me with the session cache', () => {
    it('answers repeated calls with one token from the cache, without the database', async () => {
      const token = await server.login('admin@pact.test');
      expect((await server.get('/api/auth/me', token)).statusCode).toBe(200);
      const query = vi.spyOn(server.db, 'query');

      const answers = await Promise.all(
        Array.from({ length: 5 }, () => server.get('/api/auth/me', token)),
      );

      expect(answers.map((answer) => answer.statusCode)).toEqual([
        200, 200, 200, 200, 200,
      ]);
      expect(query).not.toHaveBeenCalled();
    });

    it('refuses a token at once after logout, even right after it was cached', async () => {
      const token = await server.login('admin@pact.test');
      expect((await server.get('/api/auth/me', token)).statusCode).toBe(200);

      await server.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { authorization: `Bearer ${token}` },
      });

      expect((await server.get('/api/auth/me', token)).statusCode).toBe(401);
    });
  });

  describe('login throttling', () => {
    const THROTTLED = {
      error: 'Too many failed sign-in attempts. Try again in 15 minutes.',
    };
    /**
     * Checks `Retry-After`: the window counted from the first failure, which
     * came at `firstFailureAt` (each failed login costs a slow hash, so on a
     * busy machine whole seconds may have passed since).
     */
    const expectRetryAfterFromFirstFailure = (
      header: unknown,
      firstFailureAt: number,
    ) => {
      const window = LOGIN_THROTTLE_WINDOW_MS / 1000;
      const elapsed = Math.ceil((Date.now() - firstFailureAt) / 1000);
      expect(String(header)).toMatch(/^\d+$/);
      expect(Number(header)).toBeLessThanOrEqual(window);
      expect(Number(header)).toBeGreaterThanOrEqual(window - elapsed);
    };

    it('answers the sixth failed login of one account within 15 minutes with 429, Retry-After and a JSON error', async () => {
      const email = 'special.admin@member1009.test';
      const statuses: number[] = [];
      const firstFailureAt = Date.now();
      for (let i = 0; i < 5; i += 1) {
        const response = await postLogin(
          {
            email: i % 2 ? email.toUpperCase() : email,
            password: `wrong-${i}`,
          },
          `198.51.100.${i + 1}`,
        );
        statuses.push(response.statusCode);
      }

      const sixth = await postLogin(
        { email, password: DEMO_PASSWORD },
        '198.51.100.99',
      );

      expect(statuses).toEqual([401, 401, 401, 401, 401]);
      expect(sixth.statusCode).toBe(429);
      expectRetryAfterFromFirstFailure(
        sixth.headers['retry-after'],
        firstFailureAt,
      );
      expect(sixth.headers['content-type']).toMatch(/^application\/json/);
      expect(sixth.json()).toEqual(THROTTLED);
    });

    it('throttles an unknown email exactly like a real account, so a 429 reveals nothing', async () => {
      const ghost = 'ghost.throttled@pact.test';
      const firstFailureAt = Date.now();
      for (let i = 0; i < 5; i += 1) {
        expect(
          (await postLogin({ email: ghost, password: 'x' }, '198.51.101.1'))
            .statusCode,
        ).toBe(401);
      }

      const sixth = await postLogin(
        { email: ghost, password: 'x' },
        '198.51.101.2',
      );

      expect(sixth.statusCode).toBe(429);
      expect(sixth.json()).toEqual(THROTTLED);
      expectRetryAfterFromFirstFailure(
        sixth.headers['retry-after'],
        firstFailureAt,
      );
    });

    it("clears an account's failures when it signs in successfully", async () => {
      const email = 'operator@kiehls.test';
      const fail = () =>
        postLogin({ email, password: 'nope' }, '198.51.102.1').then(
          (response) => response.statusCode,
        );
      for (let i = 0; i < 4; i += 1) await fail();
      expect(
        (await postLogin({ email, password: DEMO_PASSWORD }, '198.51.102.1'))
          .statusCode,
      ).toBe(200);

      const after = [];
      for (let i = 0; i < 6; i += 1) after.push(await fail());

      expect(after).toEqual([401, 401, 401, 401, 401, 429]);
    });

    it('refuses the 21st failed login from one address, whatever the accounts, and only from that address', async () => {
      const address = '203.0.113.50';
      const statuses = new Set<number>();
      for (let i = 0; i < 20; i += 1) {
        const response = await postLogin(
          { email: `sprayed${i}@pact.test`, password: 'guess' },
          address,
        );
        statuses.add(response.statusCode);
      }

      const blocked = await postLogin(
        { email: 'staff@pact.test', password: DEMO_PASSWORD },
        address,
      );
      const elsewhere = await postLogin(
        { email: 'staff@pact.test', password: DEMO_PASSWORD },
        '203.0.113.51',
      );

      expect([...statuses]).toEqual([401]);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual(THROTTLED);
      expect(elsewhere.statusCode).toBe(200);
    });

    it('refuses a throttled attempt before any database or password work', async () => {
      const ghost = 'ghost.cheap@pact.test';
      for (let i = 0; i < 5; i += 1) {
        await postLogin({ email: ghost, password: 'x' }, '198.51.103.1');
      }
      const query = vi.spyOn(server.db, 'query');
      vi.mocked(password.verifyPassword).mockClear();

      const response = await postLogin(
        { email: ghost, password: 'x' },
        '198.51.103.1',
      );

      expect(response.statusCode).toBe(429);
      expect(query).not.toHaveBeenCalled();
      expect(password.verifyPassword).not.toHaveBeenCalled();
    });
  });

  describe('login timing', () => {
    it('answers unknown emails about as slowly as wrong passwords (medians within a factor of 3)', async () => {
      // A server on the same database without throttling, so every attempt is checked.
      const app = buildServer({
        db: server.db,
        logger: false,
        loginLimits: { maxPerAccount: 1_000, maxPerAddress: 1_000 },
      });
      await app.ready();
      const timed = async (email: string) => {
        const started = performance.now();
        const response = await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email, password: 'not-the-password' },
        });
        expect(response.statusCode).toBe(401);
        return performance.now() - started;
      };
      const median = (values: number[]) =>
        present(
          [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)],
          'a median',
        );
      const known: number[] = [];
      const unknown: number[] = [];
      try {
        await timed('super@pact.test'); // warm-up
        for (let i = 0; i < 9; i += 1) {
          known.push(await timed('super@pact.test'));
          unknown.push(await timed(`nobody-${i}@nowhere.test`));
        }
      } finally {
        await app.close();
      }

      const ratio = median(unknown) / median(known);
      expect(ratio).toBeGreaterThan(1 / 3);
      expect(ratio).toBeLessThan(3);
    });
  });
});
