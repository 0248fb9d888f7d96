import { createHash, scryptSync } from 'node:crypto';
import * as argon2 from '@node-rs/argon2';
import {
  ErrorBodySchema,
  LoginResponseSchema,
  MeResponseSchema,
} from '@collective/api-client/contract';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOGIN_THROTTLE_WINDOW_MS, SESSION_TTL_MS } from '../constants';
import { DEMO_USERS } from '@collective/api-client/demo';
import { DEMO_PASSWORD } from '../db/seed';
import { describeOnEachDatabase } from '../testing/test-databases';
import { present } from '../testing/present';
import { buildServer } from '../server';
import { startTestServer, type TestServer } from '../testing/test-server';
import { ARGON2ID_PARAMETERS, dummyPasswordHash } from './password';
import { createSession } from './sessions';

vi.mock('@node-rs/argon2', { spy: true });

/** Starts counting argon2 work afresh; read the counts with {@link hashingWork}. */
function countHashing(): void {
  vi.mocked(argon2.verify).mockClear();
  vi.mocked(argon2.hash).mockClear();
}

/** argon2 verifications and hashes since {@link countHashing}. */
function hashingWork() {
  return {
    verifications: vi.mocked(argon2.verify).mock.calls.length,
    hashes: vi.mocked(argon2.hash).mock.calls.length,
  };
}

/** The SQL of the calls a `db.query` spy saw that read or wrote the users table. */
function userQueries(query: { mock: { calls: unknown[][] } }): unknown[] {
  return query.mock.calls
    .map(([sql]) => sql)
    .filter((sql) => typeof sql === 'string' && /\busers\b/.test(sql));
}

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
    it.each(Object.entries(DEMO_USERS))(
      'returns a token and the full user of the demo account %s (member, member code, tenant and staff flag included)',
      async (_key, user) => {
        const response = await postLogin({
          email: user.email,
          password: DEMO_PASSWORD,
        });

        expect(response.statusCode).toBe(200);
        const body = v.parse(LoginResponseSchema, response.json());
        expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
        expect(body.user).toEqual(user);
      },
    );

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

    it('checks an unknown email against a dummy argon2id hash: one verification at the same cost as a wrong password', async () => {
      countHashing();
      await postLogin({ email: 'admin@pact.test', password: 'wrong' });
      const wrongPassword = hashingWork();
      const [knownHash] = present(
        vi.mocked(argon2.verify).mock.calls[0],
        'a verification of the real hash',
      );

      countHashing();
      await postLogin({ email: 'ghost@pact.test', password: DEMO_PASSWORD });
      const unknownEmail = hashingWork();
      const [usedHash] = present(
        vi.mocked(argon2.verify).mock.calls[0],
        'a verification of the dummy hash',
      );

      expect(wrongPassword).toEqual({ verifications: 1, hashes: 0 });
      expect(unknownEmail).toEqual({ verifications: 1, hashes: 0 });
      expect(usedHash).toBe(await dummyPasswordHash());
      const cost = (phc: unknown) => {
        const { memoryCost, timeCost, parallelism, algorithm, outputLen } =
          argon2.parseOptions(String(phc));
        return { memoryCost, timeCost, parallelism, algorithm, outputLen };
      };
      expect(cost(usedHash)).toEqual(cost(knownHash));
      expect(cost(usedHash)).toMatchObject(ARGON2ID_PARAMETERS);
    });

    describe('a password stored with scrypt before argon2id', () => {
      /** The format this server stored until argon2id: scrypt N=2^14, r=8, p=1. */
      function legacyScryptHash(secret: string): string {
        const salt = Buffer.from('0123456789abcdef');
        const key = scryptSync(secret, salt, 32, { N: 16384, r: 8, p: 1 });
        return `scrypt$16384$8$1$${salt.toString('base64url')}$${key.toString('base64url')}`;
      }
      const storedHash = async (email: string) =>
        present(
          (
            await server.db.query<{ password_hash: string }>(
              'SELECT password_hash FROM users WHERE email = $1',
              [email],
            )
          )[0],
          `the user ${email}`,
        ).password_hash;

      it('is verified, and replaced by an argon2id hash at the next successful login', async () => {
        const email = 'staff@pact.test';
        const legacy = legacyScryptHash(DEMO_PASSWORD);
        await server.db.query(
          'UPDATE users SET password_hash = $2 WHERE email = $1',
          [email, legacy],
        );

        const wrong = await postLogin(
          { email, password: 'not-it' },
          '192.0.2.200',
        );
        const hashAfterFailure = await storedHash(email);
        const right = await postLogin(
          { email, password: DEMO_PASSWORD },
          '192.0.2.200',
        );
        const upgraded = await storedHash(email);
        countHashing();
        const again = await postLogin(
          { email, password: DEMO_PASSWORD },
          '192.0.2.200',
        );

        expect(wrong.statusCode).toBe(401);
        expect(hashAfterFailure).toBe(legacy);
        expect(right.statusCode).toBe(200);
        expect(upgraded).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
        expect(again.statusCode).toBe(200);
        expect(await storedHash(email)).toBe(upgraded);
        expect(hashingWork()).toEqual({ verifications: 1, hashes: 0 });
      });

      it('replaces an argon2id hash of weaker parameters the same way', async () => {
        const email = 'nobody@pact.test';
        const weak = await argon2.hash(DEMO_PASSWORD, {
          algorithm: 2 as argon2.Algorithm.Argon2id,
          memoryCost: 4096,
          timeCost: 1,
          parallelism: 1,
        });
        await server.db.query(
          'UPDATE users SET password_hash = $2 WHERE email = $1',
          [email, weak],
        );

        expect(
          (await postLogin({ email, password: DEMO_PASSWORD }, '192.0.2.201'))
            .statusCode,
        ).toBe(200);
        expect(await storedHash(email)).toMatch(
          /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/,
        );
      });
    });

    it('answers a burst of 30 parallel wrong passwords for one account from several addresses with 401s then 429s, never a 5xx', async () => {
      const email = 'brand.admin@kiehls.test';
      const burst = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          postLogin({ email, password: `guess-${i}` }, `192.0.2.${100 + i}`),
        ),
      );
      const statuses = burst.map((response) => response.statusCode);

      expect(statuses.filter((status) => status === 401)).toHaveLength(5);
      expect(statuses.filter((status) => status === 429)).toHaveLength(25);
      for (const response of burst.filter((r) => r.statusCode === 429)) {
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
        expect(response.headers['content-type']).toMatch(/^application\/json/);
      }
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
        const transaction = vi.spyOn(server.db, 'transaction');
        countHashing();

        const response = await postLogin(payload);

        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ error });
        expect(query).not.toHaveBeenCalled();
        expect(transaction).not.toHaveBeenCalled();
        expect(hashingWork()).toEqual({ verifications: 0, hashes: 0 });
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
    it.each(Object.entries(DEMO_USERS))(
      'returns the user of a valid token of the demo account %s',
      async (_key, user) => {
        // A session made directly: the login tests above have throttled some accounts.
        const { token } = await createSession(
          server.db,
          await userId(user.email),
        );

        const response = await server.get('/api/auth/me', token);

        expect(response.statusCode).toBe(200);
        expect(response.json().success).toBe(true);
        expect(v.parse(MeResponseSchema, response.json()).user).toEqual(user);
      },
    );

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

    it('refuses a throttled attempt before looking up the account or hashing', async () => {
      const ghost = 'ghost.cheap@pact.test';
      for (let i = 0; i < 5; i += 1) {
        await postLogin({ email: ghost, password: 'x' }, '198.51.103.1');
      }
      const query = vi.spyOn(server.db, 'query');
      countHashing();

      const response = await postLogin(
        { email: ghost, password: 'x' },
        '198.51.103.1',
      );

      expect(response.statusCode).toBe(429);
      expect(userQueries(query)).toEqual([]);
      expect(hashingWork()).toEqual({ verifications: 0, hashes: 0 });
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
      let attempts = 0;
      const timed = async (email: string) => {
        attempts += 1;
        const started = performance.now();
        const response = await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email, password: 'not-the-password' },
          // Each from an address of its own: the counts are in the database
          // this file's other server shares.
          remoteAddress: `198.51.104.${attempts}`,
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
