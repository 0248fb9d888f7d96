import {
  randomBytes,
  scrypt,
  timingSafeEqual,
  type ScryptOptions,
} from 'node:crypto';

/**
 * scrypt cost of new hashes: N=2^14, r=8, p=1 (about 16 MiB and a few tens of
 * milliseconds per hash), a 16-byte random salt and a 32-byte key. Stored
 * hashes carry their own parameters, so these can be raised later.
 */
export const SCRYPT_PARAMETERS = {
  N: 16384,
  r: 8,
  p: 1,
  saltBytes: 16,
  keyBytes: 32,
} as const;

const PREFIX = 'scrypt';
/** Bounds on parameters read back from storage, so a corrupt row cannot exhaust memory. */
const MAX_N = 2 ** 20;
const MAX_R = 32;
const MAX_P = 16;

function deriveKey(
  password: string,
  salt: Buffer,
  keyBytes: number,
  options: ScryptOptions & { N: number; r: number; p: number },
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password,
      salt,
      keyBytes,
      { ...options, maxmem: 256 * options.N * options.r * options.p },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

/**
 * Hashes a password with scrypt and a fresh random salt into a
 * self-describing string: `scrypt$N$r$p$<salt>$<key>` (salt and key base64url).
 */
export async function hashPassword(password: string): Promise<string> {
  const { N, r, p, saltBytes, keyBytes } = SCRYPT_PARAMETERS;
  const salt = randomBytes(saltBytes);
  const key = await deriveKey(password, salt, keyBytes, { N, r, p });
  return [
    PREFIX,
    N,
    r,
    p,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

interface ParsedHash {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

function parseHash(stored: string): ParsedHash | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== PREFIX) return null;
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
    N > MAX_N ||
    !(r >= 1 && r <= MAX_R) ||
    !(p >= 1 && p <= MAX_P)
  )
    return null;
  const salt = Buffer.from(saltText, 'base64url');
  const key = Buffer.from(keyText, 'base64url');
  if (salt.length === 0 || key.length === 0) return null;
  return { N, r, p, salt, key };
}

/**
 * Checks a password against a hash made by {@link hashPassword}, comparing in
 * constant time. A malformed stored hash never matches.
 */
export async function verifyPassword(
  password: string,
  stored: string,
): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const { N, r, p, salt, key } = parsed;
  const candidate = await deriveKey(password, salt, key.length, { N, r, p });
  return timingSafeEqual(candidate, key);
}

let dummyHash: Promise<string> | undefined;

/**
 * A hash of a random password nobody knows, made once per process. Login
 * verifies against it when the email is unknown, so an unknown email costs the
 * same scrypt work as a wrong password and timing does not reveal accounts.
 */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(32).toString('base64url'));
  return dummyHash;
}
