import { isIPv4, isIPv6 } from 'node:net';
import {
  LOGIN_THROTTLE_MAX_TRACKED_KEYS,
  LOGIN_THROTTLE_WINDOW_MS,
  MAX_FAILED_LOGINS_PER_ACCOUNT,
  MAX_FAILED_LOGINS_PER_ADDRESS,
} from '../constants';

/** Limits of a {@link LoginThrottle}. */
export interface LoginLimits {
  /** Failed attempts allowed per account within the window. */
  maxPerAccount: number;
  /** Failed attempts allowed per client address within the window. */
  maxPerAddress: number;
  /** Length of the sliding window, in milliseconds. */
  windowMs: number;
  /** Most keys tracked per kind (accounts, addresses) before the oldest are dropped. */
  maxTrackedKeys: number;
}

/** The limits of decisions D11, from `constants.ts`. */
export const DEFAULT_LOGIN_LIMITS: Readonly<LoginLimits> = {
  maxPerAccount: MAX_FAILED_LOGINS_PER_ACCOUNT,
  maxPerAddress: MAX_FAILED_LOGINS_PER_ADDRESS,
  windowMs: LOGIN_THROTTLE_WINDOW_MS,
  maxTrackedKeys: LOGIN_THROTTLE_MAX_TRACKED_KEYS,
};

/** A login attempt the throttle let through, counted as failed until told otherwise. */
export interface AllowedAttempt {
  allowed: true;
  /** The password matched: clears the account's failures and uncounts this attempt for the address. */
  succeeded(): void;
}

/** A login attempt refused because too many recent attempts failed. */
export interface RefusedAttempt {
  allowed: false;
  /** Whole seconds until an attempt would be let through (at least 1), for `Retry-After`. */
  retryAfterSeconds: number;
  /** Which limit was reached, for logs. */
  limit: 'account' | 'address';
}

/**
 * Counts failed logins per account and per client address in a sliding
 * window, in this process's memory. An attempt is counted when it begins,
 * before the slow password check, so parallel requests cannot slip past the
 * limit; a success then takes it back.
 */
export interface LoginThrottle {
  /**
   * Starts an attempt for `account` (the lowercased email, whether or not it
   * exists) from `address`: refused when either limit is reached, otherwise
   * counted as a failure until `succeeded()` is called.
   */
  begin(account: string, address: string): AllowedAttempt | RefusedAttempt;
}

/** Timestamps of recent failures per key, oldest first, in a Map kept in insertion order. */
class FailureLog {
  private readonly entries = new Map<string, number[]>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly maxKeys: number,
  ) {}

  /** The failures of `key` still inside the window at `now`, pruning older ones. */
  private recent(key: string, now: number): number[] {
    const times = this.entries.get(key);
    if (!times) return [];
    const cutoff = now - this.windowMs;
    while (times.length > 0 && (times[0] as number) <= cutoff) times.shift();
    if (times.length === 0) this.entries.delete(key);
    return times;
  }

  /** Milliseconds until `key` may try again, or 0 when it may now. */
  waitMs(key: string, now: number): number {
    const times = this.recent(key, now);
    if (times.length < this.max) return 0;
    // The attempt that must leave the window before the count drops below max.
    const blocking = times[times.length - this.max] as number;
    return blocking + this.windowMs - now;
  }

  add(key: string, now: number): void {
    const times = this.entries.get(key);
    if (times) {
      times.push(now);
      return;
    }
    if (this.entries.size >= this.maxKeys) this.evict(now);
    this.entries.set(key, [now]);
  }

  /** Takes back one failure recorded at `time`. */
  remove(key: string, time: number): void {
    const times = this.entries.get(key);
    if (!times) return;
    const index = times.lastIndexOf(time);
    if (index >= 0) times.splice(index, 1);
    if (times.length === 0) this.entries.delete(key);
  }

  clear(key: string): void {
    this.entries.delete(key);
  }

  /** Drops expired keys, then (if still full) the longest-tracked ones. */
  private evict(now: number): void {
    for (const key of [...this.entries.keys()]) this.recent(key, now);
    const excess = this.entries.size - this.maxKeys + 1;
    if (excess <= 0) return;
    let dropped = 0;
    for (const key of this.entries.keys()) {
      if (dropped >= excess) break;
      this.entries.delete(key);
      dropped += 1;
    }
  }
}

/**
 * Creates an in-memory {@link LoginThrottle}. `now` is injectable for tests.
 * Counts are per process: they reset on restart and are not shared between
 * several server processes.
 */
export function createLoginThrottle(
  limits: Partial<LoginLimits> = {},
  now: () => number = Date.now,
): LoginThrottle {
  const { maxPerAccount, maxPerAddress, windowMs, maxTrackedKeys } = {
    ...DEFAULT_LOGIN_LIMITS,
    ...limits,
  };
  const accounts = new FailureLog(maxPerAccount, windowMs, maxTrackedKeys);
  const addresses = new FailureLog(maxPerAddress, windowMs, maxTrackedKeys);

  return {
    begin(account, address) {
      const time = now();
      const addressKey = clientAddressKey(address);
      const accountWait = accounts.waitMs(account, time);
      const addressWait = addresses.waitMs(addressKey, time);
      if (accountWait > 0 || addressWait > 0) {
        return {
          allowed: false,
          retryAfterSeconds: Math.max(
            1,
            Math.ceil(Math.max(accountWait, addressWait) / 1000),
          ),
          limit: accountWait >= addressWait ? 'account' : 'address',
        };
      }
      accounts.add(account, time);
      addresses.add(addressKey, time);
      return {
        allowed: true,
        succeeded() {
          accounts.clear(account);
          addresses.remove(addressKey, time);
        },
      };
    },
  };
}

/**
 * Error text of a throttled login, saying when to try again:
 * "Too many failed sign-in attempts. Try again in 15 minutes."
 */
export function throttledLoginMessage(retryAfterSeconds: number): string {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  const wait =
    seconds < 60
      ? `${seconds} second${seconds === 1 ? '' : 's'}`
      : `${Math.ceil(seconds / 60)} minute${Math.ceil(seconds / 60) === 1 ? '' : 's'}`;
  return `Too many failed sign-in attempts. Try again in ${wait}.`;
}

function expandIPv6(address: string): string[] | null {
  const [head = '', tail] = address.split('::', 2) as [string, string?];
  const parse = (part: string) => (part === '' ? [] : part.split(':'));
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 0) return null;
  return [...left, ...Array<string>(missing).fill('0'), ...right];
}

/**
 * The key a client address is counted under: an IPv4 address as is (also
 * when IPv4-mapped in IPv6), an IPv6 address by its /64 network, since one
 * client usually holds a whole /64. Anything else is used unchanged.
 */
export function clientAddressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped && isIPv4(mapped[1] as string)) return mapped[1] as string;
  if (!isIPv6(address) || address.includes('.')) return address;
  const groups = expandIPv6(address.split('%')[0] as string);
  if (!groups) return address;
  return `${groups
    .slice(0, 4)
    .map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
