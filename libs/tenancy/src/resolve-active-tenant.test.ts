import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveActiveTenant } from './resolve-active-tenant';

const none = { allowed_tenant_id: null, member_code: null, isPactStaff: false };
const superAdmin = { isSuperAdmin: true };
const other = { isSuperAdmin: false };

describe('resolveActiveTenant', () => {
  it('takes the super admin stored choice when it names a known tenant', () => {
    expect(
      resolveActiveTenant(
        { ...none, allowed_tenant_id: 1 },
        superAdmin,
        'kiehls',
      ),
    ).toBe('kiehls');
  });

  it('ignores a stored choice of anyone but the super admin', () => {
    expect(
      resolveActiveTenant({ ...none, allowed_tenant_id: 1 }, other, 'kiehls'),
    ).toBe('pact');
  });

  it('ignores unknown or hostile stored values', () => {
    for (const stored of [
      'KIEHLS',
      '<script>alert(1)</script>',
      'x'.repeat(10_000),
      '',
    ]) {
      expect(
        resolveActiveTenant(
          { ...none, allowed_tenant_id: 1 },
          superAdmin,
          stored,
        ),
      ).toBe('pact');
    }
  });

  it('maps allowed_tenant_id 1 to pact and 2 to kiehls', () => {
    expect(
      resolveActiveTenant(
        { ...none, allowed_tenant_id: 1, member_code: 'KIEHLS' },
        other,
        null,
      ),
    ).toBe('pact');
    expect(
      resolveActiveTenant({ ...none, allowed_tenant_id: 2 }, other, null),
    ).toBe('kiehls');
  });

  it('reads a member_code naming a tenant, whatever its case', () => {
    expect(
      resolveActiveTenant({ ...none, member_code: 'KIEHLS' }, other, null),
    ).toBe('kiehls');
    expect(
      resolveActiveTenant({ ...none, member_code: 'Kiehls' }, other, null),
    ).toBe('kiehls');
  });

  it('sends staff without an allowed tenant to kiehls (staff@pact.test)', () => {
    expect(
      resolveActiveTenant({ ...none, isPactStaff: true }, other, null),
    ).toBe('kiehls');
  });

  it('defaults to pact', () => {
    expect(resolveActiveTenant(none, other, null)).toBe('pact');
    expect(
      resolveActiveTenant({ ...none, allowed_tenant_id: 99 }, other, null),
    ).toBe('pact');
  });

  it('always gives a known tenant for any input', () => {
    fc.assert(
      fc.property(
        fc.record({
          allowed_tenant_id: fc.option(fc.integer(), { nil: null }),
          member_code: fc.option(fc.string(), { nil: null }),
          isPactStaff: fc.boolean(),
        }),
        fc.boolean(),
        fc.option(fc.string(), { nil: null }),
        (user, isSuperAdmin, stored) => {
          expect(['pact', 'kiehls']).toContain(
            resolveActiveTenant(user, { isSuperAdmin }, stored),
          );
        },
      ),
    );
  });
});
