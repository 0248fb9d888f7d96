import { createApiClient, type ApiClient } from '@collective/api-client';
import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import {
  afterAll,
  afterEach,
  beforeAll,
  describe,
  expect,
  it,
  vi,
} from 'vitest';
import { createSafeStorage } from '../safe-storage';
import { createSessionStore, type SessionStore } from '../session-store';
import { AuthProvider, useAccess, useSession } from './auth-provider';
import { SignInScreen } from './sign-in-screen/sign-in-screen';

const BASE = 'http://dashboard.test';
const user = {
  name: 'Brand Admin',
  email: 'brand.admin@kiehls.test',
  role: 'admin',
  member_id: 2,
  member_code: 'KIEHLS',
  allowed_tenant_id: 2,
  isPactStaff: false,
};

let meCalls = 0;
const server = setupServer(
  http.get(`${BASE}/api/auth/me`, ({ request }) => {
    meCalls += 1;
    return request.headers.get('authorization') === 'Bearer good'
      ? HttpResponse.json({ success: true, user })
      : HttpResponse.json({ error: 'Unauthorized' }, { status: 401 });
  }),
  http.get(`${BASE}/api/*`, () =>
    HttpResponse.json({ error: 'Unauthorized' }, { status: 401 }),
  ),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  localStorage.clear();
  meCalls = 0;
});
afterAll(() => server.close());

function boot(reload = vi.fn()) {
  const ref: { store?: SessionStore } = {};
  const api: ApiClient = createApiClient({
    baseUrl: BASE,
    getToken: () => ref.store?.getToken() ?? null,
    getTenantCode: () => 'kiehls',
    onUnauthorized: () => ref.store?.expire(),
  });
  const store = createSessionStore({
    api,
    storage: createSafeStorage(localStorage),
    reload,
  });
  ref.store = store;
  return { api, store, reload };
}

function Probe() {
  const { state } = useSession();
  const access = useAccess();
  if (state.status !== 'logged-in') return <SignInScreen />;
  return <p>{`${state.user.email} as ${access?.label}`}</p>;
}

describe('AuthProvider with the real API client', () => {
  it('logs out once when three requests fail with 401', async () => {
    localStorage.setItem('token', 'good');
    const { api, store } = boot();
    await store.restore();
    render(
      <AuthProvider store={store}>
        <Probe />
      </AuthProvider>,
    );
    expect(
      screen.getByText('brand.admin@kiehls.test as Brand admin'),
    ).toBeInTheDocument();
    const ended = vi.fn();
    store.onSessionEnd(ended);
    await Promise.allSettled([
      api.notifications.unreadCount(),
      api.members.list({ namesOnly: true }),
      api.notifications.unreadCount(),
    ]);
    expect(ended).toHaveBeenCalledTimes(1);
    expect(
      await screen.findByRole('button', { name: 'Sign in' }),
    ).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('reloads once when /me answers 401, and the reloaded page asks no more', async () => {
    localStorage.setItem('token', 'stale');
    localStorage.setItem('user', JSON.stringify(user));
    const first = boot();
    await first.store.restore();
    expect(first.reload).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();

    // What the page does after the reload: a new store over the same storage.
    const second = boot();
    await second.store.restore();
    expect(second.store.getState().status).toBe('logged-out');
    expect(second.reload).not.toHaveBeenCalled();
    expect(meCalls).toBe(1);
  });

  it('names the missing provider when a hook is used outside it', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Probe />)).toThrow(
      'useSession must be used inside <AuthProvider>.',
    );
  });
});
