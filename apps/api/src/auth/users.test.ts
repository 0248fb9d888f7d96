import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { callerScope } from './users';

describe('callerScope', () => {
  it.each([
    [
      { role: 'super_admin', member_id: null },
      { kind: 'collective', superAdmin: true },
    ],
    [
      { role: 'admin', member_id: null },
      { kind: 'collective', superAdmin: false },
    ],
    [
      { role: 'admin', member_id: 2 },
      { kind: 'member', memberId: 2 },
    ],
    [
      { role: 'brand_operator', member_id: 2 },
      { kind: 'member', memberId: 2 },
    ],
    [{ role: 'viewer', member_id: null }, { kind: 'none' }],
  ])('derives %o as %o', (user, scope) => {
    expect(callerScope(user)).toEqual(scope);
  });

  it('treats the super admin as collective whatever member_id says', () => {
    fc.assert(
      fc.property(fc.option(fc.integer(), { nil: null }), (memberId) => {
        expect(
          callerScope({ role: 'super_admin', member_id: memberId }),
        ).toEqual({
          kind: 'collective',
          superAdmin: true,
        });
      }),
    );
  });

  it('limits every non-super-admin with a member_id to that member', () => {
    fc.assert(
      fc.property(
        fc.string().filter((role) => role !== 'super_admin'),
        fc.integer(),
        (role, memberId) => {
          expect(callerScope({ role, member_id: memberId })).toEqual({
            kind: 'member',
            memberId,
          });
        },
      ),
    );
  });

  it('never gives collective scope to a role other than admin or super_admin', () => {
    fc.assert(
      fc.property(
        fc
          .string()
          .filter((role) => role !== 'admin' && role !== 'super_admin'),
        fc.option(fc.integer(), { nil: null }),
        (role, memberId) => {
          expect(callerScope({ role, member_id: memberId }).kind).not.toBe(
            'collective',
          );
        },
      ),
    );
  });
});
