import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deriveAccess } from './access';

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
