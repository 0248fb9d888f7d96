import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  LOGIN_THROTTLE_WINDOW_MS,
  MAX_FAILED_LOGINS_PER_ACCOUNT,
  MAX_FAILED_LOGINS_PER_ADDRESS,
} from '../constants';
import {
  clientAddressKey,
  createLoginThrottle,
  throttledLoginMessage,
  type LoginLimits,
} from './login-throttle';

const MINUTE = 60 * 1000;

function throttleAt(start = 1_000_000, limits: Partial<LoginLimits> = {}) {
  const clock = { now: start };
  const throttle = createLoginThrottle(limits, () => clock.now);
  return { throttle, clock };
}

/** Fails `count` attempts; returns how many were let through. */
function fail(
  throttle: ReturnType<typeof createLoginThrottle>,
  count: number,
  account: (i: number) => string,
  address: (i: number) => string,
): number {
  let allowed = 0;
  for (let i = 0; i < count; i += 1) {
    if (throttle.begin(account(i), address(i)).allowed) allowed += 1;
  }
  return allowed;
}

describe('createLoginThrottle', () => {
  it('uses the limits of constants.ts: 5 per account and 20 per address in 15 minutes', () => {
    expect(MAX_FAILED_LOGINS_PER_ACCOUNT).toBe(5);
    expect(MAX_FAILED_LOGINS_PER_ADDRESS).toBe(20);
    expect(LOGIN_THROTTLE_WINDOW_MS).toBe(15 * MINUTE);
  });

  it('lets five failures of one account through and refuses the sixth for 15 minutes', () => {
    const { throttle } = throttleAt();
    expect(
      fail(
        throttle,
        5,
        () => 'a@pact.test',
        (i) => `10.0.0.${i}`,
      ),
    ).toBe(5);
    expect(throttle.begin('a@pact.test', '10.0.1.1')).toEqual({
      allowed: false,
      retryAfterSeconds: 15 * 60,
      limit: 'account',
    });
  });

  it('counts an account again once its oldest failure leaves the window', () => {
    const { throttle, clock } = throttleAt();
    throttle.begin('a@pact.test', '10.0.0.1');
    clock.now += 5 * MINUTE;
    fail(
      throttle,
      4,
      () => 'a@pact.test',
      () => '10.0.0.1',
    );
    clock.now += 10 * MINUTE - 1000;
    const refused = throttle.begin('a@pact.test', '10.0.0.1');
    expect(refused).toMatchObject({ allowed: false, retryAfterSeconds: 1 });
    clock.now += 1000;
    expect(throttle.begin('a@pact.test', '10.0.0.1').allowed).toBe(true);
    expect(throttle.begin('a@pact.test', '10.0.0.1').allowed).toBe(false);
  });

  it('refuses the 21st failure from one address, whatever the accounts', () => {
    const { throttle } = throttleAt();
    expect(
      fail(
        throttle,
        20,
        (i) => `user${i}@pact.test`,
        () => '192.0.2.7',
      ),
    ).toBe(20);
    expect(throttle.begin('fresh@pact.test', '192.0.2.7')).toMatchObject({
      allowed: false,
      limit: 'address',
    });
    expect(throttle.begin('fresh@pact.test', '192.0.2.8').allowed).toBe(true);
  });

  it('clears the account after a success, but still refuses a blocked account with the right password', () => {
    const { throttle } = throttleAt();
    fail(
      throttle,
      4,
      () => 'a@pact.test',
      () => '10.0.0.1',
    );
    const attempt = throttle.begin('a@pact.test', '10.0.0.1');
    if (!attempt.allowed) throw new Error('expected the fifth to pass');
    attempt.succeeded();
    expect(
      fail(
        throttle,
        5,
        () => 'a@pact.test',
        () => '10.0.0.1',
      ),
    ).toBe(5);
    // Blocked now: begin() refuses before any password is checked.
    expect(throttle.begin('a@pact.test', '10.0.0.1').allowed).toBe(false);
  });

  it('does not let a success reset the failures of its address', () => {
    const { throttle } = throttleAt();
    fail(
      throttle,
      19,
      (i) => `user${i}@pact.test`,
      () => '192.0.2.7',
    );
    const attempt = throttle.begin('mine@pact.test', '192.0.2.7');
    if (!attempt.allowed) throw new Error('expected the 20th to pass');
    attempt.succeeded();
    expect(throttle.begin('other@pact.test', '192.0.2.7').allowed).toBe(true);
    expect(throttle.begin('more@pact.test', '192.0.2.7').allowed).toBe(false);
  });

  it('counts parallel attempts as they begin, so a burst cannot pass the limit', () => {
    const { throttle } = throttleAt();
    const burst = Array.from({ length: 50 }, () =>
      throttle.begin('a@pact.test', '10.0.0.1'),
    );
    expect(burst.filter((attempt) => attempt.allowed)).toHaveLength(5);
  });

  it('never lets more than the account limit fail within any window', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            gap: fc.integer({ min: 0, max: 10 * MINUTE }),
            succeed: fc.boolean(),
          }),
          { maxLength: 60 },
        ),
        (steps) => {
          const { throttle, clock } = throttleAt(0);
          const failures: number[] = [];
          for (const { gap, succeed } of steps) {
            clock.now += gap;
            const attempt = throttle.begin('a@pact.test', `10.0.0.${gap % 9}`);
            if (!attempt.allowed) {
              expect(attempt.retryAfterSeconds).toBeGreaterThanOrEqual(1);
              continue;
            }
            if (succeed) {
              attempt.succeeded();
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
    );
  });

  it('forgets the longest-tracked accounts when it tracks too many, instead of growing', () => {
    const { throttle } = throttleAt(0, { maxTrackedKeys: 3 });
    fail(
      throttle,
      5,
      () => 'first@pact.test',
      (i) => `10.0.0.${i}`,
    );
    expect(throttle.begin('first@pact.test', '10.0.1.1').allowed).toBe(false);
    for (const other of ['b', 'c', 'd']) {
      throttle.begin(`${other}@pact.test`, '10.0.2.1');
    }
    expect(throttle.begin('first@pact.test', '10.0.1.2').allowed).toBe(true);
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

  it('counts every address of one IPv6 /64 together', () => {
    const { throttle } = throttleAt();
    expect(
      fail(
        throttle,
        25,
        (i) => `user${i}@pact.test`,
        (i) => `2001:db8:aa:bb::${(i + 1).toString(16)}`,
      ),
    ).toBe(20);
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
