import { setupFakeApi, DEMO_USERS } from '@collective/api-client/testing';
import { TEST_ORIGIN } from '@collective/platform/testing';
import { describe, expect, it } from 'vitest';
import { createTestShell } from './testing';

setupFakeApi({ baseUrl: TEST_ORIGIN });

describe('createTenancy', () => {
  it('resolves and stores the active tenant, sending tenantChanged (staff → kiehls)', async () => {
    const { tenancy, platform } = await createTestShell({
      signedInAs: 'staff',
    });
    const state = tenancy.getState();
    expect(state.status === 'signed-in' && state.tenant.code).toBe('kiehls');
    expect(platform.stored.get('activeTenant')).toBe('kiehls');
    expect(platform.emitted).toEqual([
      { name: 'tenantChanged', detail: { tenant: 'kiehls' } },
    ]);
    expect(tenancy.tenantCode()).toBe('kiehls');
  });

  it("keeps the super admin's stored tenant, and replaces anyone else's", async () => {
    const admin = await createTestShell({
      signedInAs: 'super',
      storedTenant: 'kiehls',
    });
    expect(admin.tenancy.tenantCode()).toBe('kiehls');
    expect(admin.platform.emitted).toEqual([]);
    const brand = await createTestShell({
      signedInAs: 'specialAdmin',
      storedTenant: 'kiehls',
    });
    expect(brand.tenancy.tenantCode()).toBe('pact');
    expect(brand.platform.stored.get('activeTenant')).toBe('pact');
  });

  it("selects the user's own member at sign-in, and scopes data by the selection", async () => {
    const brand = await createTestShell({ signedInAs: 'brandAdmin' });
    expect(brand.tenancy.getState()).toMatchObject({
      selectedMemberId: 2,
      scope: { tenant: 'kiehls', filter: { member_id: 2 } },
    });
    // A brand user is filtered by their own member whatever is selected.
    brand.tenancy.selectMember(7);
    expect(brand.tenancy.getState()).toMatchObject({
      scope: { filter: { member_id: 2 } },
    });

    const admin = await createTestShell({ signedInAs: 'admin' });
    expect(admin.tenancy.getState()).toMatchObject({
      selectedMemberId: null,
      scope: { tenant: 'pact', filter: {} },
    });
    admin.tenancy.selectMember(4);
    expect(admin.tenancy.getState()).toMatchObject({
      selectedMemberId: 4,
      scope: { filter: { member_id: 4 } },
      userScope: { filter: {} },
    });
  });

  it('hands out the same state until something changes', async () => {
    const { tenancy } = await createTestShell({ signedInAs: 'admin' });
    const before = tenancy.getState();
    tenancy.selectMember(null);
    expect(tenancy.getState()).toBe(before);
  });

  it('clears the selection and every query when the session ends', async () => {
    const { tenancy, session, queryClient } = await createTestShell({
      signedInAs: 'admin',
      memberId: 4,
    });
    queryClient.setQueryData(['pact', { member_id: 4 }, 'probe'], 42);
    await session.logout();
    expect(tenancy.getState()).toEqual({ status: 'signed-out' });
    expect(
      queryClient.getQueryData(['pact', { member_id: 4 }, 'probe']),
    ).toBeUndefined();
  });

  it('sends the stored tenant, else pact, while signed out', async () => {
    expect((await createTestShell()).tenancy.tenantCode()).toBe('pact');
    expect(
      (await createTestShell({ storedTenant: 'kiehls' })).tenancy.tenantCode(),
    ).toBe('kiehls');
    expect(
      (
        await createTestShell({ storedTenant: 'evil\r\n' })
      ).tenancy.tenantCode(),
    ).toBe('pact');
  });

  it('switches tenant by storing the choice, then reloading', async () => {
    const { tenancy, platform } = await createTestShell({
      signedInAs: 'super',
    });
    tenancy.switchTenant('kiehls');
    expect(platform.stored.get('activeTenant')).toBe('kiehls');
    expect(platform.reloads).toBe(1);
  });

  it('follows a new user signed in through the same session', async () => {
    const { tenancy, session } = await createTestShell({ signedInAs: 'admin' });
    await session.logout();
    await session.login({
      email: DEMO_USERS.operator.email,
      password: 'demo-pass-2026',
    });
    expect(tenancy.getState()).toMatchObject({
      user: { email: 'operator@kiehls.test' },
      tenant: { code: 'kiehls' },
      scope: { filter: { member_id: 2 } },
    });
  });
});
