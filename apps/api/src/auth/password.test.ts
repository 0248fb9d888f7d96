import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dummyPasswordHash, hashPassword, verifyPassword } from './password';

describe('hashPassword', () => {
  it('stores algorithm, cost, salt and key in one self-describing string', async () => {
    const hash = await hashPassword('correct horse');

    const [algorithm, N, r, p, salt, key] = hash.split('$');
    expect([algorithm, N, r, p]).toEqual(['scrypt', '16384', '8', '1']);
    expect(Buffer.from(salt ?? '', 'base64url')).toHaveLength(16);
    expect(Buffer.from(key ?? '', 'base64url')).toHaveLength(32);
  });

  it('salts every hash differently', async () => {
    const [first, second] = await Promise.all([
      hashPassword('same'),
      hashPassword('same'),
    ]);

    expect(first).not.toBe(second);
  });
});

describe('verifyPassword', () => {
  it('accepts the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('correct horse');

    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('correct horsf', hash)).toBe(false);
  });

  it('uses the cost stored in the hash, so old hashes keep working after a change', async () => {
    // A hash made with a lower cost (N=1024) than new hashes use.
    const { scryptSync } = await import('node:crypto');
    const salt = Buffer.from('saltsaltsaltsalt');
    const key = scryptSync('legacy', salt, 32, { N: 1024, r: 8, p: 1 });
    const stored = `scrypt$1024$8$1$${salt.toString('base64url')}$${key.toString('base64url')}`;

    expect(await verifyPassword('legacy', stored)).toBe(true);
  });

  it.each([
    ['an empty string', ''],
    ['another algorithm', 'bcrypt$2b$10$abc'],
    ['a cost that is not a power of two', 'scrypt$1000$8$1$c2FsdA$a2V5'],
    ['a cost too high to compute', `scrypt$${2 ** 24}$8$1$c2FsdA$a2V5`],
    ['a missing salt', 'scrypt$16384$8$1$$a2V5'],
  ])('never matches a malformed stored hash: %s', async (_case, stored) => {
    expect(await verifyPassword('anything', stored)).toBe(false);
  });

  it('never throws on arbitrary stored strings', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string(), async (stored) => {
        expect(await verifyPassword('x', `scrypt$${stored}`)).toBe(false);
      }),
      { numRuns: 200 },
    );
  });
});

describe('dummyPasswordHash', () => {
  it('is one valid scrypt hash per process that the demo password does not match', async () => {
    const hash = await dummyPasswordHash();

    expect(await dummyPasswordHash()).toBe(hash);
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(await verifyPassword('demo-pass-2026', hash)).toBe(false);
  });
});
