import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  deriveAccess,
  isRefusal,
  resolveDataScope as resolveForAccess,
  TENANT_MEMBER,
} from './access';
import type { TenantCode } from './tenant-codes';

const KIEHLS_MEMBER_ID = TENANT_MEMBER.kiehls.id;
/** The scope of a user as the server resolves it: their access, the tenant, the member asked for. */
const resolveDataScope = (
  user: { role: string; member_id: number | null },
  tenant: TenantCode | undefined,
  asked: number | undefined,
) => resolveForAccess(deriveAccess(user), tenant, asked);

const superAdmin = { role: 'super_admin', member_id: null };
const platformAdmin = { role: 'admin', member_id: null };
const kiehlsAdmin = { role: 'admin', member_id: KIEHLS_MEMBER_ID };
const meridianAdmin = { role: 'admin', member_id: 1009 };
const viewer = { role: 'viewer', member_id: null };

const memberIds = fc.integer({ min: 1, max: 2_147_483_647 });
const tenants = fc.constantFrom('pact' as const, 'kiehls' as const, undefined);

describe('resolveDataScope', () => {
  it('gives collective admins the member they ask for, or the whole collective', () => {
    expect(resolveDataScope(superAdmin, 'pact', 3)).toEqual({ memberId: 3 });
    expect(resolveDataScope(platformAdmin, undefined, undefined)).toEqual({
      memberId: null,
    });
  });

  it('gives a brand user their own member whatever they ask for, on any tenant that allows it', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('admin', 'brand_operator', 'brand_viewer', 'member'),
        memberIds,
        fc.option(memberIds, { nil: undefined }),
        fc.constantFrom('pact' as const, undefined),
        (role, own, asked, tenant) => {
          expect(
            resolveDataScope({ role, member_id: own }, tenant, asked),
          ).toEqual({ memberId: own });
        },
      ),
    );
  });

  it("limits every answer on the kiehls tenant to Kiehl's, or refuses", () => {
    fc.assert(
      fc.property(
        fc.constantFrom('super_admin', 'admin', 'brand_operator', 'viewer'),
        fc.option(memberIds, { nil: null }),
        fc.option(memberIds, { nil: undefined }),
        (role, own, asked) => {
          const outcome = resolveDataScope(
            { role, member_id: own },
            'kiehls',
            asked,
          );
          if (!isRefusal(outcome)) {
            expect(outcome.memberId).toBe(KIEHLS_MEMBER_ID);
          }
        },
      ),
    );
    expect(resolveDataScope(platformAdmin, 'kiehls', 5)).toEqual({
      memberId: KIEHLS_MEMBER_ID,
    });
    expect(resolveDataScope(kiehlsAdmin, 'kiehls', 5)).toEqual({
      memberId: KIEHLS_MEMBER_ID,
    });
    expect(resolveDataScope(meridianAdmin, 'kiehls', undefined)).toMatchObject({
      status: 403,
      message: expect.stringContaining("Kiehl's data only"),
    });
  });

  it('refuses users who are neither collective admins nor users of a member', () => {
    fc.assert(
      fc.property(
        tenants,
        fc.option(memberIds, { nil: undefined }),
        (tenant, asked) => {
          expect(resolveDataScope(viewer, tenant, asked)).toMatchObject({
            status: 403,
            error: 'Forbidden',
          });
        },
      ),
    );
  });
});
