import { hash } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import {
  LOGIN_KNOWN_ADDRESS_MS,
  LOGIN_THROTTLE_SWEEP_INTERVAL_MS,
  LOGIN_THROTTLE_WINDOW_MS,
  MAX_FAILED_LOGINS_PER_ACCOUNT,
  MAX_FAILED_LOGINS_PER_ADDRESS,
} from '../constants';
import type { Database } from '../db/database';

/** Limits of a {@link LoginThrottle}. */
export interface LoginLimits {
  /**
   * Failed attempts allowed per account within the window, counted over
   * the addresses the account has not signed in from lately.
   */
  maxPerAccount: number;
  /** Failed attempts allowed per account and address pair within the window. */
  maxPerPair: number;
  /** How long a successful sign-in makes its address known for the account. */
  knownAddressMs: number;
  /** Failed attempts allowed per client address within the window. */
  maxPerAddress: number;
  /** Length of the sliding window, in milliseconds. */
  windowMs: number;
}

/** The limits of decisions D11, from `constants.ts`. */
export const DEFAULT_LOGIN_LIMITS: Readonly<LoginLimits> = {
  maxPerAccount: MAX_FAILED_LOGINS_PER_ACCOUNT,
  maxPerPair: MAX_FAILED_LOGINS_PER_ACCOUNT,
  knownAddressMs: LOGIN_KNOWN_ADDRESS_MS,
  maxPerAddress: MAX_FAILED_LOGINS_PER_ADDRESS,
  windowMs: LOGIN_THROTTLE_WINDOW_MS,
};

/** A login attempt the throttle let through, counted as failed until told otherwise. */
export interface AllowedAttempt {
  allowed: true;
  /** The password matched: clears the account's failures and uncounts this attempt for the address. */
  succeeded(): Promise<void>;
}

/** A login attempt refused because too many recent attempts failed. */
export interface RefusedAttempt {
  allowed: false;
  /** Whole seconds until an attempt would be let through (at least 1), for `Retry-After`. */
  retryAfterSeconds: number;
  /** Which limit was reached, for logs. */
  limit: 'account' | 'address' | 'pair';
}

/**
 * Counts failed logins per account and per client address in a sliding
 * window, in the database (`login_failures`), so every server process on
 * one database shares the counts and a restart keeps them. An attempt is
 * counted when it begins, before the slow password check, so parallel
 * requests — to one process or several — cannot slip past the limit; a
 * success then takes it back.
 */
export interface LoginThrottle {
  /**
   * Starts an attempt for `account` (the lowercased email, whether or not it
   * exists) from `address`: refused when either limit is reached (writing
   * nothing), otherwise counted as a failure until `succeeded()` is called.
   */
  begin(
    account: string,
    address: string,
  ): Promise<AllowedAttempt | RefusedAttempt>;
}

/**
 * First key of the transaction-scoped advisory locks taken per account and
 * per address while an attempt is counted ("thrl"); the second is the
 * `hashtext` of the key. Two-key locks never meet the one-key schema lock.
 */
export const LOGIN_THROTTLE_LOCK_CLASS = 0x7468726c;

/**
 * How an account is kept in `login_failures`: the SHA-256 of the lowercased
 * email, as a throttle needs equality only and the table then holds no
 * email addresses (typed by users or by attackers).
 */
export function accountKey(account: string): string {
  return hash('sha256', account, 'hex');
}

/** Milliseconds until a key with these recent failures (oldest first) may try again, or 0. */
function waitMs(
  recent: readonly number[],
  max: number,
  windowMs: number,
  now: number,
): number {
  if (recent.length < max) return 0;
  // The failure that must leave the window before the count drops below max.
  const blocking = recent[recent.length - max] as number;
  return Math.max(1, blocking + windowMs - now);
}

/**
 * Creates a {@link LoginThrottle} over the `login_failures` table of `db`.
 * `now` is injectable for tests. Rows whose last failure has left the
 * window are deleted at most once a minute per process.
 */
export function createLoginThrottle(
  db: Database,
  limits: Partial<LoginLimits> = {},
  now: () => number = Date.now,
): LoginThrottle {
  const { maxPerAccount, maxPerAddress, maxPerPair, windowMs, knownAddressMs } =
    { ...DEFAULT_LOGIN_LIMITS, ...limits };
  let nextSweep = -Infinity;

  async function sweep(time: number): Promise<void> {
    if (time < nextSweep) return;
    nextSweep = time + LOGIN_THROTTLE_SWEEP_INTERVAL_MS;
    await db.query('DELETE FROM login_failures WHERE last_failed_at <= $1', [
      new Date(time - windowMs),
    ]);
    await db.query(
      'DELETE FROM login_known_addresses WHERE last_success_at <= $1',
      [new Date(time - knownAddressMs)],
    );
  }

  return {
    async begin(account, address) {
      const time = now();
      const at = new Date(time);
      const cutoff = new Date(time - windowMs);
      const accountHash = accountKey(account);
      const addressKey = clientAddressKey(address);
      const pairKey = accountKey(`${account}\n${addressKey}`);
      const outcome = await db.transaction(async (tx) => {
        // One lock per key, always in the same order, so attempts on one
        // account or one address are counted one after the other, in this
        // process and every other on the database.
        await tx.query(
          `SELECT pg_advisory_xact_lock($1, h)
             FROM (SELECT hashtext(k) AS h FROM unnest($2::text[]) AS k ORDER BY 1) AS locks`,
          [
            LOGIN_THROTTLE_LOCK_CLASS,
            [`account:${accountHash}`, `address:${addressKey}`],
          ],
        );
        const [known] = await tx.query<{ known: boolean }>(
          `SELECT EXISTS (SELECT 1 FROM login_known_addresses
                           WHERE account_key = $1 AND address_key = $2
                             AND last_success_at > $3) AS known`,
          [accountHash, addressKey, new Date(time - knownAddressMs)],
        );
        // Where the owner signed in lately, only that pair's (and the
        // address's) failures count: guesses from elsewhere cannot lock
        // them out of their usual place (docs/decisions/0085).
        const fromKnown = known?.known === true;
        const rows = await tx.query<{ kind: string; recent: number[] }>(
          `SELECT kind,
                  ARRAY(SELECT extract(epoch FROM t)::float8 * 1000
                          FROM unnest(failed_at) AS t
                         WHERE t > $4 ORDER BY t) AS recent
             FROM login_failures
            WHERE (kind = 'account' AND key = $1) OR (kind = 'address' AND key = $2)
               OR (kind = 'pair' AND key = $3)`,
          [accountHash, addressKey, pairKey, cutoff],
        );
        const recent = (kind: string) =>
          rows.find((row) => row.kind === kind)?.recent.map(Number) ?? [];
        const waits = {
          pair: waitMs(recent('pair'), maxPerPair, windowMs, time),
          account: fromKnown
            ? 0
            : waitMs(recent('account'), maxPerAccount, windowMs, time),
          address: waitMs(recent('address'), maxPerAddress, windowMs, time),
        };
        const longest = Math.max(waits.pair, waits.account, waits.address);
        if (longest > 0) {
          const limit = (['pair', 'account', 'address'] as const).find(
            (kind) => waits[kind] === longest,
          ) as 'pair' | 'account' | 'address';
          return {
            allowed: false as const,
            retryAfterSeconds: Math.max(1, Math.ceil(longest / 1000)),
            limit,
          };
        }
        const kinds = fromKnown
          ? ['address', 'pair']
          : ['account', 'address', 'pair'];
        const keys = {
          account: accountHash,
          address: addressKey,
          pair: pairKey,
        };
        await tx.query(
          `INSERT INTO login_failures AS f (kind, key, failed_at, last_failed_at)
           SELECT kind, key, ARRAY[$3::timestamptz], $3
             FROM unnest($1::text[], $2::text[]) AS n (kind, key)
           ON CONFLICT (kind, key) DO UPDATE SET
             failed_at = ARRAY(SELECT t FROM unnest(f.failed_at) AS t
                                WHERE t > $4 ORDER BY t) || EXCLUDED.failed_at,
             last_failed_at = EXCLUDED.last_failed_at`,
          [
            kinds,
            kinds.map((kind) => keys[kind as keyof typeof keys]),
            at,
            cutoff,
          ],
        );
        return null;
      });
      await sweep(time);
      if (outcome) return outcome;
      return {
        allowed: true,
        async succeeded() {
          // The account and the pair start afresh; the address only loses
          // this attempt; the address becomes known for the account.
          await db.query(
            `WITH cleared AS (
               DELETE FROM login_failures
                WHERE (kind = 'account' AND key = $1) OR (kind = 'pair' AND key = $4)
             ), remembered AS (
               INSERT INTO login_known_addresses (account_key, address_key, last_success_at)
               VALUES ($1, $2, $3)
               ON CONFLICT (account_key, address_key)
                 DO UPDATE SET last_success_at = EXCLUDED.last_success_at
             )
             UPDATE login_failures
                SET failed_at = failed_at[:array_position(failed_at, $3::timestamptz) - 1]
                             || failed_at[array_position(failed_at, $3::timestamptz) + 1:]
              WHERE kind = 'address' AND key = $2
                AND array_position(failed_at, $3::timestamptz) IS NOT NULL`,
            [accountHash, addressKey, at, pairKey],
          );
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
