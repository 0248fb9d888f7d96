import { deriveAccess } from '@collective/api-client/access';
import type { RegisteredRoute } from '@collective/nav';
import type { ScreenLoader, ScreenModule } from '@collective/nav/react';
import type { ScopedApi, ShellServices } from '@collective/tenancy';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { startFirstData } from './first-data';

const Screen = () => null;
const scope = { tenant: 'pact', filter: { memberId: 3 } };
const userScope = { tenant: 'pact', filter: { memberId: 3 } };

/** A screen whose first read is keyed by the scope it is given, as scopedQuery keys it. */
function screenWithRead() {
  const read = vi.fn(() => Promise.resolve({ figures: 1 }));
  const firstData = vi.fn((scoped: ScopedApi) => [
    { queryKey: [scoped.scope, 'dashboard', 'summary', {}], queryFn: read },
  ]);
  const load = vi.fn(() =>
    Promise.resolve({ default: Screen, firstData } as unknown as ScreenModule),
  );
  return { load, firstData, read };
}

function route(
  path: string,
  audience: RegisteredRoute<ScreenLoader>['audience'],
  screen: ScreenLoader,
): RegisteredRoute<ScreenLoader> {
  return { path, audience, screen } as unknown as RegisteredRoute<ScreenLoader>;
}

function servicesFor(role: 'brand-member' | 'signed-out') {
  const queryClient = new QueryClient();
  const state =
    role === 'signed-out'
      ? { status: 'signed-out' as const }
      : {
          status: 'signed-in' as const,
          access: deriveAccess({ role: 'user', member_id: 3 }),
          tenant: { features: {} },
          scope,
          userScope,
        };
  const services = {
    api: { request: vi.fn() },
    tenancy: { getState: () => state },
    queryClient,
  } as unknown as Pick<ShellServices, 'api' | 'tenancy' | 'queryClient'>;
  return { services, queryClient };
}

describe('startFirstData', () => {
  it("starts the first reads of the screen the page opens at, under the screen's own keys with the current scope", async () => {
    const dashboard = screenWithRead();
    const { services, queryClient } = servicesFor('brand-member');
    startFirstData(
      [route('/dashboard', 'everyone', dashboard.load)],
      '/dashboard',
      services,
    );
    await vi.waitFor(() => expect(dashboard.read).toHaveBeenCalledTimes(1));
    expect(dashboard.firstData).toHaveBeenCalledWith(
      expect.objectContaining({ api: services.api, scope, userScope }),
    );
    await vi.waitFor(() =>
      expect(
        queryClient.getQueryData([scope, 'dashboard', 'summary', {}]),
      ).toEqual({ figures: 1 }),
    );
  });

  it('starts nothing for a path the user may not open, an unknown path, or a signed-out page', async () => {
    const admin = screenWithRead();
    const dashboard = screenWithRead();
    const routes = [
      route('/member-management', 'collective-admins', admin.load),
      route('/dashboard', 'everyone', dashboard.load),
    ];
    startFirstData(
      routes,
      '/member-management',
      servicesFor('brand-member').services,
    );
    startFirstData(routes, '/nowhere', servicesFor('brand-member').services);
    startFirstData(routes, '/dashboard', servicesFor('signed-out').services);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(admin.load).not.toHaveBeenCalled();
    expect(dashboard.load).not.toHaveBeenCalled();
  });

  it('starts no read for a screen that declares none, and leaves a chunk that fails to the screen', async () => {
    const { services, queryClient } = servicesFor('brand-member');
    const plain = vi.fn(() => Promise.resolve({ default: Screen }));
    const failing = vi.fn(() => Promise.reject(new TypeError('chunk missing')));
    startFirstData(
      [route('/dashboard', 'everyone', plain)],
      '/dashboard',
      services,
    );
    startFirstData(
      [route('/store-rankings', 'everyone', failing)],
      '/store-rankings',
      services,
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(plain).toHaveBeenCalledTimes(1);
    expect(failing).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  });
});
