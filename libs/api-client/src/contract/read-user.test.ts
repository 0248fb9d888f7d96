import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { readUser } from './read-user';
import { UserSchema } from './schemas';

/** What the contract's schema makes of `data`: the user, or null. */
function bySchema(data: unknown) {
  const result = v.safeParse(UserSchema, data);
  return result.success ? result.output : null;
}

/** Any value a field of a stored user could hold after JSON.parse, and a few it could not. */
const fieldValue = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(Number.NaN),
  fc.array(fc.integer(), { maxLength: 2 }),
  fc.dictionary(fc.string(), fc.string(), { maxKeys: 2 }),
);

const userLike = fc.record(
  {
    name: fieldValue,
    email: fc.oneof(fc.emailAddress(), fieldValue),
    role: fc.oneof(fc.constantFrom('super_admin', 'brand_admin'), fieldValue),
    member_id: fieldValue,
    member_code: fieldValue,
    allowed_tenant_id: fieldValue,
    isPactStaff: fieldValue,
    extra: fieldValue,
  },
  { requiredKeys: [] },
);

describe('readUser', () => {
  it('reads any value exactly as the contract UserSchema does', () => {
    fc.assert(
      fc.property(fc.oneof(userLike, fc.anything()), (data) => {
        expect(readUser(data)).toEqual(bySchema(data));
      }),
      { numRuns: 2000 },
    );
  });

  it('normalises the optional fields and keeps only the known ones', () => {
    expect(
      readUser({ email: 'a@b.test', role: 'brand_user', other: 1 }),
    ).toStrictEqual({
      name: null,
      email: 'a@b.test',
      role: 'brand_user',
      member_id: null,
      member_code: null,
      allowed_tenant_id: null,
      isPactStaff: false,
    });
  });

  it('refuses a field of the wrong type', () => {
    expect(
      readUser({ email: 'a@b.test', role: 'brand_user', member_id: 2.5 }),
    ).toBeNull();
    expect(readUser({ email: 'a@b.test', role: 7 })).toBeNull();
  });
});
