import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dataFilterFor, deriveAccess } from './access';
import {
  adminKindOf,
  grantableRoles,
  heldMemberOf,
  judgeGrant,
  judgeManagement,
} from './role-grants';

describe('deriveAccess', () => {
  it.each([
    [{ role: 'super_admin', member_id: null }, 'super-admin'],
    [{ role: 'super_admin', member_id: 2 }, 'super-admin'],
    [{ role: 'admin', member_id: null }, 'collective-admin'],
    [{ role: 'admin', member_id: 2 }, 'brand-admin'],
    [{ role: 'brand_operator', member_id: 2 }, 'brand-member'],
    [{ role: 'brand_viewer', member_id: 5 }, 'brand-member'],
    [{ role: 'member', member_id: 5 }, 'brand-member'],
    [{ role: 'viewer', member_id: null }, 'no-dashboard'],
    [{ role: '', member_id: null }, 'no-dashboard'],
  ])('derives %o as %s (decisions D1)', (user, kind) => {
    expect(deriveAccess(user).kind).toBe(kind);
  });

  it('treats the super admin as a collective admin and ignores its member_id', () => {
    const access = deriveAccess({ role: 'super_admin', member_id: 1009 });
    expect(access).toMatchObject({
      isSuperAdmin: true,
      isCollectiveAdmin: true,
      isBrandUser: false,
      isSpecialBrandUser: false,
      ownMemberId: null,
    });
  });

  it('marks brand users of member 1009 as the special brand user', () => {
    expect(
      deriveAccess({ role: 'admin', member_id: 1009 }).isSpecialBrandUser,
    ).toBe(true);
    expect(
      deriveAccess({ role: 'brand_viewer', member_id: 1009 })
        .isSpecialBrandUser,
    ).toBe(true);
    expect(
      deriveAccess({ role: 'admin', member_id: 1008 }).isSpecialBrandUser,
    ).toBe(false);
  });

  it('keeps the flags consistent for any role and member', () => {
    const user = fc.record({
      role: fc.oneof(
        fc.constantFrom('super_admin', 'admin', 'brand_operator', 'viewer'),
        fc.string(),
      ),
      member_id: fc.option(fc.integer({ min: 1, max: 100_000 }), { nil: null }),
    });
    fc.assert(
      fc.property(user, (u) => {
        const a = deriveAccess(u);
        expect(a.isSuperAdmin).toBe(u.role === 'super_admin');
        expect(a.isCollectiveAdmin).toBe(
          u.role === 'super_admin' ||
            (u.role === 'admin' && u.member_id === null),
        );
        expect(a.isCollectiveAdmin && a.isBrandUser).toBe(false);
        expect(a.hasDashboard).toBe(a.isCollectiveAdmin || a.isBrandUser);
        expect(a.ownMemberId).toBe(a.isBrandUser ? u.member_id : null);
        expect(a.isAdmin).toBe(a.isCollectiveAdmin || a.kind === 'brand-admin');
        if (a.isSpecialBrandUser) expect(u.member_id).toBe(1009);
      }),
    );
  });
});

describe('Access.can (specification §6)', () => {
  const superAdmin = deriveAccess({ role: 'super_admin', member_id: null });
  const collective = deriveAccess({ role: 'admin', member_id: null });
  const brandAdmin = deriveAccess({ role: 'admin', member_id: 2 });
  const special = deriveAccess({ role: 'admin', member_id: 1009 });
  const member = deriveAccess({ role: 'brand_operator', member_id: 2 });
  const nobody = deriveAccess({ role: 'viewer', member_id: null });

  it('gives the tenant switcher and the full member list to the super admin only', () => {
    expect(
      [superAdmin, collective, brandAdmin, member].map(
        (a) => a.can.switchTenant,
      ),
    ).toEqual([true, false, false, false]);
    expect(
      [superAdmin, collective, brandAdmin, member].map(
        (a) => a.can.loadAllMembers,
      ),
    ).toEqual([true, false, false, false]);
  });

  it('gives the member switcher to collective admins only', () => {
    for (const a of [superAdmin, collective]) {
      expect(a.can.switchMember).toBe(true);
    }
    for (const a of [brandAdmin, special, member, nobody]) {
      expect(a.can.switchMember).toBe(false);
    }
  });

  it('marks the special brand user, whose denials the route table applies', () => {
    expect(special.isSpecialBrandUser).toBe(true);
    expect(brandAdmin.isSpecialBrandUser).toBe(false);
  });
});

describe('dataFilterFor', () => {
  const superAdmin = deriveAccess({ role: 'super_admin', member_id: null });
  const collective = deriveAccess({ role: 'admin', member_id: null });
  const nobody = deriveAccess({ role: 'viewer', member_id: null });

  it('gives collective admins no filter, or the selected member', () => {
    expect(dataFilterFor(superAdmin, null)).toEqual({});
    expect(dataFilterFor(collective, 7)).toEqual({ member_id: 7 });
  });

  it('always filters other users by their own member, whatever is selected', () => {
    fc.assert(
      fc.property(
        fc.option(fc.integer({ min: 1, max: 100_000 }), { nil: null }),
        fc.integer({ min: 1, max: 100_000 }),
        fc.constantFrom('admin', 'brand_operator', 'brand_viewer', 'member'),
        (selected, own, role) => {
          const access = deriveAccess({ role, member_id: own });
          expect(dataFilterFor(access, selected)).toEqual({ member_id: own });
        },
      ),
    );
  });

  it('matches nothing for a user without a dashboard', () => {
    expect(dataFilterFor(nobody, 3)).toEqual({ member_id: -1 });
  });
});

describe('judgeGrant and judgeManagement (decisions D16)', () => {
  const superAdmin = deriveAccess({ role: 'super_admin', member_id: null });
  const collective = deriveAccess({ role: 'admin', member_id: null });
  const kiehlsAdmin = deriveAccess({ role: 'admin', member_id: 2 });
  const operator = deriveAccess({ role: 'brand_operator', member_id: 2 });

  it('lets only the super admin give platform roles', () => {
    for (const grant of [
      { role: 'super_admin', member_id: null },
      { role: 'admin', member_id: null },
    ]) {
      expect(judgeGrant(superAdmin, grant)).toBe('allowed');
      expect(judgeGrant(collective, grant)).toBe('forbidden');
      expect(judgeGrant(kiehlsAdmin, grant)).toBe('forbidden');
      expect(judgeGrant(operator, grant)).toBe('forbidden');
    }
  });

  it('lets a brand admin give brand roles of their own member only; another member is not-found', () => {
    for (const role of ['admin', 'brand_operator', 'brand_viewer']) {
      expect(judgeGrant(kiehlsAdmin, { role, member_id: 2 })).toBe('allowed');
      expect(judgeGrant(kiehlsAdmin, { role, member_id: 1009 })).toBe(
        'not-found',
      );
      expect(judgeGrant(collective, { role, member_id: 1009 })).toBe('allowed');
    }
  });

  it('refuses roles and members that do not go together', () => {
    expect(judgeGrant(superAdmin, { role: 'super_admin', member_id: 2 })).toBe(
      'invalid',
    );
    expect(
      judgeGrant(superAdmin, { role: 'brand_viewer', member_id: null }),
    ).toBe('invalid');
    expect(judgeGrant(superAdmin, { role: 'owner', member_id: 2 })).toBe(
      'invalid',
    );
  });

  it('lets a caller manage exactly the users whose role they could give', () => {
    expect(
      judgeManagement(collective, { role: 'admin', member_id: null }),
    ).toBe('forbidden');
    expect(
      judgeManagement(collective, { role: 'viewer', member_id: null }),
    ).toBe('allowed');
    expect(
      judgeManagement(kiehlsAdmin, { role: 'brand_viewer', member_id: 1009 }),
    ).toBe('not-found');
  });

  it('holds the super admin in no member, whatever member came with the role, and every other role in its member', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.constantFrom('super_admin', 'admin', 'brand_operator', 'viewer'),
          fc.string(),
        ),
        fc.option(fc.integer({ min: 1, max: 100_000 }), { nil: null }),
        (role, member_id) => {
          const held = heldMemberOf({ role, member_id });
          const asHeld = { role, member_id: held };
          expect(held).toBe(role === 'super_admin' ? null : member_id);
          // Holding it so changes neither who the user is nor the rules' verdicts.
          expect(heldMemberOf(asHeld)).toBe(held);
          expect(deriveAccess(asHeld).kind).toBe(
            deriveAccess({ role, member_id }).kind,
          );
          expect(adminKindOf(asHeld)).toBe(adminKindOf({ role, member_id }));
        },
      ),
    );
  });

  it('offers in a form the roles the caller may give there', () => {
    expect(grantableRoles(superAdmin, null)).toEqual(['super_admin', 'admin']);
    expect(grantableRoles(superAdmin, 2)).toEqual([
      'admin',
      'brand_operator',
      'brand_viewer',
    ]);
    expect(grantableRoles(collective, null)).toEqual([]);
    expect(grantableRoles(kiehlsAdmin, 1009)).toEqual([]);
    expect(grantableRoles(operator, 2)).toEqual([]);
  });
});
