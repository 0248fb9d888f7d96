import { DEMO_USERS } from '@collective/api-client/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseStoredToken, parseStoredUser } from './stored-values';

const valid = DEMO_USERS.brandAdmin;

describe('parseStoredUser', () => {
  it('reads a stored user', () => {
    expect(parseStoredUser(JSON.stringify(valid))).toEqual(valid);
  });

  it.each([
    ['text that is not JSON', '{not json'],
    ['the string "undefined"', 'undefined'],
    ['null', 'null'],
    ['an array', '[1,2]'],
    ['a number', '42'],
    [
      'a user with the wrong field type',
      JSON.stringify({ ...valid, member_id: 'two' }),
    ],
    ['a user without email', JSON.stringify({ ...valid, email: undefined })],
    ['a huge string', JSON.stringify({ ...valid, name: 'x'.repeat(20_000) })],
  ])('treats %s as absent', (_label, raw) => {
    expect(parseStoredUser(raw)).toBeNull();
  });

  it('drops __proto__ and unknown keys instead of passing them on', () => {
    const raw = `{"__proto__": {"polluted": true}, "constructor": {"x": 1}, ${JSON.stringify(valid).slice(1)}`;
    const user = parseStoredUser(raw);
    expect(user).toEqual(valid);
    expect(Object.keys(user ?? {})).not.toContain('__proto__');
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('never throws and returns null or a user for any string', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.json(), fc.constant('undefined')),
        (raw) => {
          const user = parseStoredUser(raw);
          if (user !== null) expect(typeof user.email).toBe('string');
        },
      ),
    );
  });
});

describe('parseStoredToken', () => {
  it('reads a token and refuses empty, spaced, control-character or huge values', () => {
    expect(parseStoredToken('abc-DEF_123')).toBe('abc-DEF_123');
    expect(parseStoredToken('')).toBeNull();
    expect(parseStoredToken('a b')).toBeNull();
    expect(parseStoredToken('a\nb')).toBeNull();
    expect(parseStoredToken('x'.repeat(5000))).toBeNull();
    expect(parseStoredToken(null)).toBeNull();
  });
});
