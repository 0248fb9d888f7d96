import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import {
  hash as argon2Hash,
  parseOptions as argon2Options,
  verify as argon2Verify,
  type Algorithm,
} from '@node-rs/argon2';

/**
 * Cost of new password hashes: argon2id with the first configuration of
 * OWASP's Password Storage Cheat Sheet, m=19 MiB (19,456 KiB), t=2, p=1,
 * a 16-byte random salt (the library's) and a 32-byte key
 * (docs/decisions/0040). Stored hashes carry their own parameters; a hash
 * made with others is replaced at the next successful login.
 */
export const ARGON2ID_PARAMETERS = {
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
  outputLen: 32,
} as const;

/** `Algorithm.Argon2id`; the package declares a `const enum`, which isolated modules cannot read. */
const ARGON2ID = 2 as Algorithm.Argon2id;

/**
 * Bounds on parameters read back from storage, so a corrupt or planted row
 * cannot make one login allocate gigabytes or run for minutes.
 */
const STORED_HASH_LIMITS = {
  argon2MemoryKiB: 256 * 1024,
  argon2TimeCost: 16,
  argon2Parallelism: 8,
  scryptMaxN: 2 ** 20,
  scryptMaxR: 32,
  scryptMaxP: 16,
} as const;

/**
 * Hashes a password with argon2id at {@link ARGON2ID_PARAMETERS} into a PHC
 * string: `$argon2id$v=19$m=19456,t=2,p=1$<salt>$<key>`.
 */
export function hashPassword(password: string): Promise<string> {
  return argon2Hash(password, { algorithm: ARGON2ID, ...ARGON2ID_PARAMETERS });
}

/** Outcome of {@link checkPassword}. */
export interface PasswordCheck {
  /** The password matches the stored hash. */
  matches: boolean;
  /**
   * The password matched a hash of another algorithm (scrypt) or of other
   * argon2id parameters: store {@link hashPassword}'s hash in its place.
   */
  needsRehash: boolean;
}

const NO_MATCH: PasswordCheck = { matches: false, needsRehash: false };

async function checkArgon2(
  password: string,
  stored: string,
): Promise<PasswordCheck> {
  let options: ReturnType<typeof argon2Options>;
  try {
    options = argon2Options(stored);
  } catch {
    return NO_MATCH;
  }
  if (
    options.memoryCost > STORED_HASH_LIMITS.argon2MemoryKiB ||
    options.timeCost > STORED_HASH_LIMITS.argon2TimeCost ||
    options.parallelism > STORED_HASH_LIMITS.argon2Parallelism
  )
    return NO_MATCH;
  let matches: boolean;
  try {
    matches = await argon2Verify(stored, password);
  } catch {
    return NO_MATCH;
  }
  const current =
    options.algorithm === ARGON2ID &&
    options.memoryCost === ARGON2ID_PARAMETERS.memoryCost &&
    options.timeCost === ARGON2ID_PARAMETERS.timeCost &&
    options.parallelism === ARGON2ID_PARAMETERS.parallelism &&
    options.outputLen === ARGON2ID_PARAMETERS.outputLen;
  return { matches, needsRehash: matches && !current };
}

interface ScryptHash {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

/** Reads `scrypt$N$r$p$<salt>$<key>`, the format of this server's hashes before argon2id. */
function parseScrypt(stored: string): ScryptHash | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [, nText, rText, pText, saltText, keyText] = parts as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const [N, r, p] = [nText, rText, pText].map((text) =>
    /^\d{1,7}$/.test(text) ? Number(text) : NaN,
  ) as [number, number, number];
  const powerOfTwo = N > 1 && (N & (N - 1)) === 0;
  if (
    !powerOfTwo ||
    N > STORED_HASH_LIMITS.scryptMaxN ||
    !(r >= 1 && r <= STORED_HASH_LIMITS.scryptMaxR) ||
    !(p >= 1 && p <= STORED_HASH_LIMITS.scryptMaxP)
  )
    return null;
  const salt = Buffer.from(saltText, 'base64url');
  const key = Buffer.from(keyText, 'base64url');
  if (salt.length === 0 || key.length === 0) return null;
  return { N, r, p, salt, key };
}

async function checkScrypt(
  password: string,
  stored: string,
): Promise<PasswordCheck> {
  const parsed = parseScrypt(stored);
  if (!parsed) return NO_MATCH;
  const { N, r, p, salt, key } = parsed;
  const candidate = await new Promise<Buffer>((resolve, reject) => {
    scrypt(
      password,
      salt,
      key.length,
      { N, r, p, maxmem: 256 * N * r * p },
      (error, derived) => (error ? reject(error) : resolve(derived)),
    );
  });
  const matches = timingSafeEqual(candidate, key);
  return { matches, needsRehash: matches };
}

/**
 * Checks a password against a stored hash in constant time: an argon2id PHC
 * string, or a legacy `scrypt$…` hash (which then needs rehashing). A
 * malformed hash, or one whose cost is beyond sane bounds, never matches;
 * nothing here throws for a bad stored value.
 */
export function checkPassword(
  password: string,
  stored: string,
): Promise<PasswordCheck> {
  if (stored.startsWith('$argon2')) return checkArgon2(password, stored);
  if (stored.startsWith('scrypt$')) return checkScrypt(password, stored);
  return Promise.resolve(NO_MATCH);
}

let dummyHash: Promise<string> | undefined;

/**
 * A hash of a random password nobody knows, made once per process with the
 * parameters of new hashes. Login checks against it when the email is
 * unknown, so an unknown email costs the same argon2id work as a wrong
 * password and timing does not reveal accounts.
 */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(32).toString('base64url'));
  return dummyHash;
}
