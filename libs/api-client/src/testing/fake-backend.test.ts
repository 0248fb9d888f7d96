import { describe, expect, it } from 'vitest';
import { createApiClient } from '../client';
import { endpoints } from '../contract/endpoints';
import {
  DEMO_PASSWORD,
  DEMO_USERS,
  demoToken,
  type DemoUserKey,
} from './fixtures';
import { setupFakeApi } from './setup-fake-api';

const BASE = 'http://fake.test/backend';
const { backend } = setupFakeApi({ baseUrl: BASE, unread: { admin: 3 } });

const as = (key: DemoUserKey | null, tenant = 'pact') =>
  createApiClient({
    baseUrl: BASE,
    getToken: () => (key ? demoToken(key) : null),
    getTenantCode: () => tenant,
  });

describe('createFakeBackend', () => {
  it('answers a call of the contract it does not implement with 501, naming it, and records it', async () => {
    const before = backend.calls('/api/audit-events').length;
    await expect(
      as('super').request(endpoints.auditEvents, { query: {} }),
    ).rejects.toMatchObject({
      status: 501,
      serverError: expect.stringContaining(
        'The test fake does not answer GET /api/audit-events',
      ),
    });
    expect(backend.calls('/api/audit-events')).toHaveLength(before + 1);
  });

  it('signs a demo account in with the demo password only, with a new token each time', async () => {
    const api = as(null);
    const first = await api.auth.login({
      email: 'Admin@Pact.test',
      password: DEMO_PASSWORD,
    });
    const second = await api.auth.login({
      email: 'admin@pact.test',
      password: DEMO_PASSWORD,
    });
    expect(first.user).toEqual(DEMO_USERS.admin);
    expect(first.token).not.toBe(second.token);
    await expect(
      api.auth.login({ email: 'admin@pact.test', password: 'wrong' }),
    ).rejects.toMatchObject({
      status: 401,
      serverError: 'Invalid email or password',
    });
  });

  it('gives the full member list to the super admin only, and brand users their own member', async () => {
    expect(await as('super').members.list({ all: true })).toHaveLength(7);
    await expect(as('admin').members.list({ all: true })).rejects.toMatchObject(
      {
        status: 403,
      },
    );
    expect(await as('admin').members.list({ namesOnly: true })).toHaveLength(7);
    expect(await as('operator').members.list({ namesOnly: true })).toEqual([
      { id: 2, name: "Kiehl's", code: null },
    ]);
  });

  it('counts and lists the unread notifications, and marks one read', async () => {
    const api = as('admin');
    expect(await api.notifications.unreadCount()).toBe(3);
    const [first] = await api.notifications.list();
    await api.notifications.markRead(first?.id ?? 0);
    expect(await api.notifications.unreadCount()).toBe(2);
    expect(await as('super').notifications.unreadCount()).toBe(0);
  });

  it('refuses a revoked or unknown token, and records every request', async () => {
    const api = as('staff');
    await expect(api.auth.me()).resolves.toMatchObject({
      user: DEMO_USERS.staff,
    });
    backend.revoke(demoToken('staff'));
    await expect(api.auth.me()).rejects.toMatchObject({ status: 401 });
    expect(backend.calls('/api/auth/me')).toHaveLength(2);
    expect(backend.calls('/api/auth/me')[0]?.headers.get('x-tenant-code')).toBe(
      'pact',
    );
  });

  it('scopes data as the server does: member_id for collective admins only, 404 for another member’s store', async () => {
    const all = await as('admin').dashboard.summary({});
    expect(all.scope).toEqual({ member_id: null, member_name: null });
    const lumen = await as('admin').stores.list({ memberId: 3 });
    expect(lumen.stores.every((s) => s.member_id === 3)).toBe(true);
    expect(lumen.scope.member_name).toBe('Lumen Skincare');

    const own = await as('specialAdmin').stores.list({ memberId: 3 });
    expect(own.stores.every((s) => s.member_id === 1009)).toBe(true);
    await expect(
      as('specialAdmin').stores.get(301, { memberId: 3 }),
    ).rejects.toMatchObject({ status: 404 });
    await expect(as('admin').stores.get(301, {})).resolves.toMatchObject({
      scope: { member_id: null, member_name: null },
      store: { id: 301, member_id: 3 },
    });
    await expect(
      as('admin').stores.get(301, { memberId: 3 }),
    ).resolves.toMatchObject({
      scope: { member_id: 3, member_name: 'Lumen Skincare' },
    });
  });

  it("limits every answer to Kiehl's on the kiehls tenant and refuses a brand user of another member", async () => {
    const kiehls = as('admin', 'kiehls');
    const special = as('specialAdmin', 'kiehls');

    const page = await kiehls.stores.list({ memberId: 3 });

    expect(page.scope).toEqual({ member_id: 2, member_name: "Kiehl's" });
    expect(page.stores.every((s) => s.member_id === 2)).toBe(true);
    await expect(special.dashboard.summary({})).rejects.toMatchObject({
      status: 403,
    });
  });

  it('searches, sorts and pages the store list', async () => {
    const page = await as('admin').stores.list({
      search: 'portland',
      sort: '-weight',
      pageSize: 2,
    });
    expect(page.stores).toHaveLength(2);
    expect(page.total).toBeGreaterThan(2);
    expect(page.stores[0]?.weight_kg_12m).toBeGreaterThanOrEqual(
      page.stores[1]?.weight_kg_12m ?? 0,
    );
    expect(page.stores.every((s) => s.city === 'Portland')).toBe(true);
  });

  it('makes an API key with its secret once, lists it without, and revokes it', async () => {
    const api = as('operator');
    const created = await api.keys.create('  Reporting  ');
    expect(created.key.name).toBe('Reporting');
    expect(created.secret.startsWith(created.key.prefix)).toBe(true);
    expect(await api.keys.list()).toEqual([created.key]);
    await api.keys.revoke(created.key.id);
    expect(await api.keys.list()).toEqual([]);
    await expect(api.keys.revoke(created.key.id)).rejects.toMatchObject({
      status: 404,
    });
  });
});
