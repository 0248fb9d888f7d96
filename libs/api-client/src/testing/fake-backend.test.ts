import { describe, expect, it } from 'vitest';
import { createApiClient } from '../client';
import {
  DEMO_PASSWORD,
  DEMO_USERS,
  demoToken,
  type DemoUserKey,
} from './fixtures';
import { setupFakeApi } from './setup-fake-api';

const BASE = 'http://fake.test/backend';
const { backend } = setupFakeApi({ baseUrl: BASE, unread: { admin: 3 } });

const as = (key: DemoUserKey | null) =>
  createApiClient({
    baseUrl: BASE,
    getToken: () => (key ? demoToken(key) : null),
    getTenantCode: () => 'pact',
  });

describe('createFakeBackend', () => {
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
});
