import { scryptSync } from 'node:crypto';
import { parseOptions } from '@node-rs/argon2';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ARGON2ID_PARAMETERS,
  checkPassword,
  dummyPasswordHash,
  hashPassword,
} from './password';

const MATCH = { matches: true, needsRehash: false };
const NO_MATCH = { matches: false, needsRehash: false };

/** A hash in the scrypt format this server stored before argon2id. */
function scryptHash(password: string, N = 1024): string {
  const salt = Buffer.from('saltsaltsaltsalt');
  const key = scryptSync(password, salt, 32, { N, r: 8, p: 1 });
  return `scrypt$${N}$8$1$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

describe('hashPassword', () => {
  it("makes an argon2id PHC string at OWASP's m=19 MiB, t=2, p=1 with a 16-byte salt and a 32-byte key", async () => {
    const hash = await hashPassword('correct horse');

    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(parseOptions(hash)).toMatchObject({
      ...ARGON2ID_PARAMETERS,
      algorithm: 2,
      saltLen: 16,
    });
    expect(ARGON2ID_PARAMETERS).toEqual({
      memoryCost: 19 * 1024,
      timeCost: 2,
      parallelism: 1,
      outputLen: 32,
    });
  });

  it('salts every hash differently', async () => {
    const [first, second] = await Promise.all([
      hashPassword('same'),
      hashPassword('same'),
    ]);

    expect(first).not.toBe(second);
  });
});

describe('checkPassword', () => {
  it('accepts the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('correct horse');

    expect(await checkPassword('correct horse', hash)).toEqual(MATCH);
    expect(await checkPassword('correct horsf', hash)).toEqual(NO_MATCH);
  });

  it('accepts a legacy scrypt hash, and asks for it to be rehashed only when the password matched', async () => {
    const stored = scryptHash('legacy');

    expect(await checkPassword('legacy', stored)).toEqual({
      matches: true,
      needsRehash: true,
    });
    expect(await checkPassword('wrong', stored)).toEqual(NO_MATCH);
  });

  it('asks for an argon2 hash of other parameters to be rehashed', async () => {
    const { hash } = await import('@node-rs/argon2');
    const weak = await hash('pw', {
      memoryCost: 1024,
      timeCost: 1,
      parallelism: 1,
    });

    expect(await checkPassword('pw', weak)).toEqual({
      matches: true,
      needsRehash: true,
    });
  });

  it.each([
    ['an empty string', ''],
    ['another algorithm', '$2b$10$abcdefghijklmnopqrstuv'],
    ['a scrypt cost that is not a power of two', 'scrypt$1000$8$1$c2FsdA$a2V5'],
    ['a scrypt cost too high to compute', `scrypt$${2 ** 24}$8$1$c2FsdA$a2V5`],
    ['a scrypt hash without salt', 'scrypt$16384$8$1$$a2V5'],
    [
      'an argon2 memory cost of 4 GiB',
      `$argon2id$v=19$m=4194304,t=2,p=1$c2FsdHNhbHRzYWx0c2FsdA$${'a'.repeat(43)}`,
    ],
    [
      'an argon2 time cost of 1,000',
      `$argon2id$v=19$m=19456,t=1000,p=1$c2FsdHNhbHRzYWx0c2FsdA$${'a'.repeat(43)}`,
    ],
    ['a truncated argon2 hash', '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA'],
  ])('never matches a malformed stored hash: %s', async (_case, stored) => {
    expect(await checkPassword('anything', stored)).toEqual(NO_MATCH);
  });

  it('never throws on arbitrary stored strings', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('scrypt$', '$argon2id$', '$argon2id$v=19$m=', ''),
        fc.string(),
        async (prefix, rest) => {
          expect(await checkPassword('x', `${prefix}${rest}`)).toEqual(
            NO_MATCH,
          );
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('dummyPasswordHash', () => {
  it('is one argon2id hash per process, of the parameters of real hashes, that the demo password does not match', async () => {
    const hash = await dummyPasswordHash();

    expect(await dummyPasswordHash()).toBe(hash);
    expect(parseOptions(hash)).toMatchObject(ARGON2ID_PARAMETERS);
    expect(await checkPassword('demo-pass-2026', hash)).toEqual(NO_MATCH);
  });
});
