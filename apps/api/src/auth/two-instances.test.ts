import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { LOGIN_THROTTLE_WINDOW_MS, SESSION_CACHE_TTL_MS } from '../constants';
import { DEMO_PASSWORD } from '../db/seed';
import { describeOnEachDatabase } from '../testing/test-databases';
import {
  startTestServer,
  startTestServerBeside,
  type TestServer,
} from '../testing/test-server';

/**
 * Two server instances on one database, each with its own connection (a pool
 * of its own on PostgreSQL), login throttle and session cache: what two
 * processes behind one load balancer share is the database and nothing else.
 */
describeOnEachDatabase('two server instances on one database', (engine) => {
  let first: TestServer;
  let second: TestServer;
  beforeAll(async () => {
    first = await startTestServer(engine);
    second = await startTestServerBeside(engine, first);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const login = (
    server: TestServer,
    email: string,
    password: string,
    remoteAddress: string,
  ) =>
    server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      remoteAddress,
    });

  it('share the login throttle: five failures spread over both refuse the sixth attempt on either, with Retry-After', async () => {
    const email = 'admin@pact.test';
    const failures = [];
    for (let i = 0; i < 5; i += 1) {
      const server = i % 2 === 0 ? first : second;
      failures.push(
        (await login(server, email, `wrong-${i}`, `198.18.0.${i + 1}`))
          .statusCode,
      );
    }

    const onFirst = await login(first, email, DEMO_PASSWORD, '198.18.1.1');
    const onSecond = await login(second, email, DEMO_PASSWORD, '198.18.1.2');

    expect(failures).toEqual([401, 401, 401, 401, 401]);
    for (const refused of [onFirst, onSecond]) {
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        error: 'Too many failed sign-in attempts. Try again in 15 minutes.',
      });
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(LOGIN_THROTTLE_WINDOW_MS / 1000 - 60);
      expect(retryAfter).toBeLessThanOrEqual(LOGIN_THROTTLE_WINDOW_MS / 1000);
    }
  });

  it('count a burst sent to both at once together: of 24 wrong passwords for one account, exactly 5 are checked and none fails with a 5xx', async () => {
    const email = 'staff@pact.test';
    const burst = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        login(i % 2 ? second : first, email, `guess-${i}`, `198.18.2.${i + 1}`),
      ),
    );
    const statuses = burst.map((response) => response.statusCode);

    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(19);
    expect(
      burst
        .filter((response) => response.statusCode === 429)
        .every((response) => Number(response.headers['retry-after']) >= 1),
    ).toBe(true);
  });

  it('share the address budget: 20 failures from one address over both refuse the 21st on either', async () => {
    const address = '198.18.3.1';
    const statuses = [];
    for (let i = 0; i < 20; i += 1) {
      statuses.push(
        (
          await login(
            i % 2 ? second : first,
            `sprayed${i}@pact.test`,
            'guess',
            address,
          )
        ).statusCode,
      );
    }

    const blocked = await login(
      second,
      'operator@kiehls.test',
      DEMO_PASSWORD,
      address,
    );

    expect(new Set(statuses)).toEqual(new Set([401]));
    expect(blocked.statusCode).toBe(429);
  });

  it('refuse a token revoked on one instance on the other within SESSION_CACHE_TTL_MS (5 s), even while the other holds it in its cache', async () => {
    // A third instance built under a fake clock, so its session cache's
    // time can be moved on; the database sees real time throughout.
    vi.useFakeTimers({ toFake: ['Date'] });
    const third = await startTestServerBeside(engine, first);
    try {
      const token = await first.login('brand.admin@kiehls.test');
      expect((await third.get('/api/auth/me', token)).statusCode).toBe(200);

      expect((await first.post('/api/auth/logout', token)).statusCode).toBe(
        200,
      );
      const onFirst = await first.get('/api/auth/me', token);
      const onThirdAtOnce = await third.get('/api/auth/me', token);
      vi.setSystemTime(Date.now() + SESSION_CACHE_TTL_MS - 1);
      const onThirdJustBefore = await third.get('/api/auth/me', token);
      vi.setSystemTime(Date.now() + 1);
      const onThirdAfter = await third.get('/api/auth/me', token);

      expect(onFirst.statusCode).toBe(401);
      // The bounded delay: the other instance's cache still answers...
      expect(onThirdAtOnce.statusCode).toBe(200);
      expect(onThirdJustBefore.statusCode).toBe(200);
      // ...until SESSION_CACHE_TTL_MS after its lookup began, never later.
      expect(onThirdAfter.statusCode).toBe(401);
      expect(onThirdAfter.json().error).toBe('Unauthorized');
    } finally {
      await third.close();
    }
  });

  it('refuse on both at once a token revoked on either when neither had it cached', async () => {
    const token = await second.login('operator@kiehls.test');

    await second.post('/api/auth/logout', token);

    expect((await first.get('/api/auth/me', token)).statusCode).toBe(401);
    expect((await second.get('/api/auth/me', token)).statusCode).toBe(401);
  });
});
