import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LOGIN_THROTTLE_SWEEP_INTERVAL_MS,
  LOGIN_THROTTLE_WINDOW_MS,
  MAX_FAILED_LOGINS_PER_ACCOUNT,
  MAX_FAILED_LOGINS_PER_ADDRESS,
} from '../constants';
import type { Database } from '../db/database';
import { describeOnEachDatabase } from '../testing/test-databases';
import {
  accountKey,
  clientAddressKey,
  createLoginThrottle,
  throttledLoginMessage,
  type LoginLimits,
  type LoginThrottle,
} from './login-throttle';

const MINUTE = 60 * 1000;

/** Fails `count` attempts one after the other; returns how many were let through. */
async function fail(
  throttle: LoginThrottle,
  count: number,
  account: (i: number) => string,
  address: (i: number) => string,
): Promise<number> {
  let allowed = 0;
  for (let i = 0; i < count; i += 1) {
    if ((await throttle.begin(account(i), address(i))).allowed) allowed += 1;
  }
  return allowed;
}

describe('the login limits', () => {
  it('are those of constants.ts: 5 per account and 20 per address in 15 minutes', () => {
    expect(MAX_FAILED_LOGINS_PER_ACCOUNT).toBe(5);
    expect(MAX_FAILED_LOGINS_PER_ADDRESS).toBe(20);
    expect(LOGIN_THROTTLE_WINDOW_MS).toBe(15 * MINUTE);
  });
});

describeOnEachDatabase('createLoginThrottle', (engine) => {
  let db: Database;
  beforeAll(async () => {
    db = await engine.open('seeded');
  });
  afterAll(() => db?.close());

  /** A throttle with its own clock; every test uses accounts and addresses of its own. */
  function throttleAt(start = 1_000_000, limits: Partial<LoginLimits> = {}) {
    const clock = { now: start };
    const throttle = createLoginThrottle(db, limits, () => clock.now);
    return { throttle, clock };
  }

  const rowCount = async () =>
    (
      await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM login_failures',
      )
    )[0]?.n;

  it('lets five failures of one account through and refuses the sixth for 15 minutes', async () => {
    const { throttle } = throttleAt();
    expect(
      await fail(
        throttle,
        5,
        () => 'five@pact.test',
        (i) => `10.0.0.${i}`,
      ),
    ).toBe(5);
    expect(await throttle.begin('five@pact.test', '10.0.1.1')).toEqual({
      allowed: false,
      retryAfterSeconds: 15 * 60,
      limit: 'account',
    });
  });

  it('counts an account again once its oldest failure leaves the window', async () => {
    const { throttle, clock } = throttleAt();
    await throttle.begin('window@pact.test', '10.1.0.1');
    clock.now += 5 * MINUTE;
    await fail(
      throttle,
      4,
      () => 'window@pact.test',
      () => '10.1.0.1',
    );
    clock.now += 10 * MINUTE - 1000;
    const refused = await throttle.begin('window@pact.test', '10.1.0.1');
    expect(refused).toMatchObject({ allowed: false, retryAfterSeconds: 1 });
    clock.now += 1000;
    expect((await throttle.begin('window@pact.test', '10.1.0.1')).allowed).toBe(
      true,
    );
    expect((await throttle.begin('window@pact.test', '10.1.0.1')).allowed).toBe(
      false,
    );
  });

  it('refuses the 21st failure from one address, whatever the accounts', async () => {
    const { throttle } = throttleAt();
    expect(
      await fail(
        throttle,
        20,
        (i) => `user${i}@spray.test`,
        () => '192.0.2.7',
      ),
    ).toBe(20);
    expect(await throttle.begin('fresh@spray.test', '192.0.2.7')).toMatchObject(
      { allowed: false, limit: 'address' },
    );
    expect(
      (await throttle.begin('fresh@spray.test', '192.0.2.8')).allowed,
    ).toBe(true);
  });

  it('clears the account after a success, but still refuses a blocked account with the right password', async () => {
    const { throttle } = throttleAt();
    await fail(
      throttle,
      4,
      () => 'clear@pact.test',
      () => '10.2.0.1',
    );
    const attempt = await throttle.begin('clear@pact.test', '10.2.0.1');
    if (!attempt.allowed) throw new Error('expected the fifth to pass');
    await attempt.succeeded();
    expect(
      await fail(
        throttle,
        5,
        () => 'clear@pact.test',
        () => '10.2.0.1',
      ),
    ).toBe(5);
    // Blocked now: begin() refuses before any password is checked.
    expect((await throttle.begin('clear@pact.test', '10.2.0.1')).allowed).toBe(
      false,
    );
  });

  it('does not let a success reset the failures of its address', async () => {
    const { throttle } = throttleAt();
    await fail(
      throttle,
      19,
      (i) => `user${i}@keep.test`,
      () => '192.0.2.9',
    );
    const attempt = await throttle.begin('mine@keep.test', '192.0.2.9');
    if (!attempt.allowed) throw new Error('expected the 20th to pass');
    await attempt.succeeded();
    expect((await throttle.begin('other@keep.test', '192.0.2.9')).allowed).toBe(
      true,
    );
    expect((await throttle.begin('more@keep.test', '192.0.2.9')).allowed).toBe(
      false,
    );
  });

  it('counts parallel attempts as they begin, so a burst cannot pass the limit', async () => {
    const { throttle } = throttleAt();
    const burst = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        throttle.begin('burst@pact.test', `10.3.0.${i}`),
      ),
    );
    expect(burst.filter((attempt) => attempt.allowed)).toHaveLength(5);
  });

  it('writes nothing for a refused attempt, so a flood of them cannot grow the table', async () => {
    const { throttle } = throttleAt();
    await fail(
      throttle,
      20,
      (i) => `flood${i}@pact.test`,
      () => '192.0.2.20',
    );
    const before = await rowCount();

    await fail(
      throttle,
      30,
      (i) => `more${i}@flood.test`,
      () => '192.0.2.20',
    );

    expect(await rowCount()).toBe(before);
  });

  it('keeps accounts only as the SHA-256 of the lowercased email', async () => {
    const { throttle } = throttleAt();
    await throttle.begin('someone@private.test', '10.4.0.1');

    const keys = (
      await db.query<{ key: string }>(
        "SELECT key FROM login_failures WHERE kind = 'account'",
      )
    ).map((row) => row.key);
    expect(keys).toContain(accountKey('someone@private.test'));
    expect(keys.some((key) => key.includes('private'))).toBe(false);
  });

  it('deletes failures that have left the window, at most once a minute (an unknown address writes three rows: account, address and pair)', async () => {
    const later = throttleAt(1_000_000 + 2 * LOGIN_THROTTLE_WINDOW_MS);
    await later.throttle.begin('sweeper@pact.test', '10.5.0.1');

    expect(
      (
        await db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM login_failures WHERE last_failed_at <= $1',
          [new Date(later.clock.now - LOGIN_THROTTLE_WINDOW_MS)],
        )
      )[0]?.n,
    ).toBe(0);
    expect(await rowCount()).toBe(3);

    later.clock.now += LOGIN_THROTTLE_SWEEP_INTERVAL_MS / 2;
    await later.throttle.begin('sweeper2@pact.test', '10.5.0.2');
    expect(await rowCount()).toBe(6);
  });

  it('never lets more than the account limit fail within any window', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            gap: fc.integer({ min: 0, max: 10 * MINUTE }),
            succeed: fc.boolean(),
          }),
          { maxLength: 40 },
        ),
        async (steps) => {
          run += 1;
          const { throttle, clock } = throttleAt(0);
          const account = `prop${run}@pact.test`;
          const failures: number[] = [];
          for (const { gap, succeed } of steps) {
            clock.now += gap;
            const attempt = await throttle.begin(
              account,
              `10.${100 + (run % 100)}.${run % 250}.${gap % 9}`,
            );
            if (!attempt.allowed) {
              expect(attempt.retryAfterSeconds).toBeGreaterThanOrEqual(1);
              continue;
            }
            if (succeed) {
              await attempt.succeeded();
              failures.length = 0;
            } else {
              failures.push(clock.now);
            }
            const inWindow = failures.filter(
              (time) => time > clock.now - LOGIN_THROTTLE_WINDOW_MS,
            );
            expect(inWindow.length).toBeLessThanOrEqual(5);
          }
        },
      ),
      { numRuns: 25 },
    );
  });

  it('counts every address of one IPv6 /64 together', async () => {
    const { throttle } = throttleAt();
    expect(
      await fail(
        throttle,
        25,
        (i) => `user${i}@six.test`,
        (i) => `2001:db8:aa:bb::${(i + 1).toString(16)}`,
      ),
    ).toBe(20);
  });
});

describe('clientAddressKey', () => {
  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:DB8:1:2::9', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002::', '2001:db8:1:2::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
  ])('counts %s as %s', (address, key) => {
    expect(clientAddressKey(address)).toBe(key);
  });
});

describe('throttledLoginMessage', () => {
  it.each([
    [900, 'Too many failed sign-in attempts. Try again in 15 minutes.'],
    [61, 'Too many failed sign-in attempts. Try again in 2 minutes.'],
    [60, 'Too many failed sign-in attempts. Try again in 1 minute.'],
    [59, 'Too many failed sign-in attempts. Try again in 59 seconds.'],
    [1, 'Too many failed sign-in attempts. Try again in 1 second.'],
  ])('says when to try again after %i seconds', (seconds, text) => {
    expect(throttledLoginMessage(seconds)).toBe(text);
  });
});

describeOnEachDatabase(
  'the login throttle per account and address pair (docs/decisions/0085)',
  (engine) => {
    let db: Database;
    beforeAll(async () => {
      db = await engine.open('seeded');
    });
    afterAll(() => db?.close());

    function throttleAt(start = 5_000_000) {
      const clock = { now: start };
      return { throttle: createLoginThrottle(db, {}, () => clock.now), clock };
    }
    async function signIn(
      throttle: LoginThrottle,
      account: string,
      address: string,
    ) {
      const attempt = await throttle.begin(account, address);
      expect(attempt.allowed).toBe(true);
      if (attempt.allowed) await attempt.succeeded();
    }

    it('keeps the owner able to sign in from where they usually do while guesses from elsewhere are refused', async () => {
      const { throttle, clock } = throttleAt();
      const owner = 'owner@pact.test';
      await signIn(throttle, owner, '192.0.2.10');
      clock.now += MINUTE;

      // An attacker who knows the email guesses from many addresses.
      const allowed = await fail(
        throttle,
        30,
        () => owner,
        (i) => `198.51.100.${i}`,
      );
      expect(allowed).toBe(MAX_FAILED_LOGINS_PER_ACCOUNT);
      expect(await throttle.begin(owner, '203.0.113.7')).toMatchObject({
        allowed: false,
        limit: 'account',
      });

      // The owner, at their usual address, is still let in.
      await signIn(throttle, owner, '192.0.2.10');
    });

    it('slows guessing from a known address too: five failures of the pair, then 429 for that pair only', async () => {
      const { throttle } = throttleAt(9_000_000);
      const owner = 'pair@pact.test';
      await signIn(throttle, owner, '192.0.2.20');
      expect(
        await fail(
          throttle,
          8,
          () => owner,
          () => '192.0.2.20',
        ),
      ).toBe(MAX_FAILED_LOGINS_PER_ACCOUNT);
      expect(await throttle.begin(owner, '192.0.2.20')).toMatchObject({
        allowed: false,
        limit: 'pair',
      });
      // Those failures were at a known address: the account is not locked elsewhere.
      expect((await throttle.begin(owner, '192.0.2.21')).allowed).toBe(true);
    });

    it('forgets a known address after 90 days without a sign-in from it', async () => {
      const { throttle, clock } = throttleAt(20_000_000);
      const owner = 'forgotten@pact.test';
      await signIn(throttle, owner, '192.0.2.30');
      clock.now += 91 * 24 * 60 * MINUTE;
      await fail(
        throttle,
        5,
        () => owner,
        (i) => `198.51.100.${100 + i}`,
      );
      expect(await throttle.begin(owner, '192.0.2.30')).toMatchObject({
        allowed: false,
        limit: 'account',
      });
    });
  },
);
