import { ApiError, type ApiClient, type User } from '@collective/api-client';
import { DEMO_USERS } from '@collective/api-client/testing';
import { createTestPlatform } from '@collective/platform/testing';
import { deferred } from '@collective/ui/testing';
import { describe, expect, it, vi } from 'vitest';
import { createSessionStore } from './session-store';

const user: User = DEMO_USERS.super;

function setup(stored: Record<string, string> = {}) {
  const platform = createTestPlatform({ storage: stored });
  const auth = {
    login: vi.fn<ApiClient['auth']['login']>(),
    me: vi.fn<ApiClient['auth']['me']>(),
    logout: vi.fn<ApiClient['auth']['logout']>().mockResolvedValue(undefined),
  };
  const log = vi.fn();
  const store = createSessionStore({ api: { auth }, platform, log });
  return { store, auth, platform, backing: platform.stored, log };
}

/** The state of a session signed in, through `via`, with the test's token `tok`. */
const signedIn = (via: 'login' | 'restore', as: User = user) => ({
  status: 'logged-in',
  token: 'tok',
  user: as,
  via,
});

/** The user the store kept in storage, parsed. */
const keptUser = (backing: ReadonlyMap<string, string>): unknown =>
  JSON.parse(backing.get('user') ?? '');

const http = (status: number) =>
  new ApiError({ kind: 'http', path: '/api/auth/me', status });

describe('createSessionStore', () => {
  it('starts signed out without a stored token', () => {
    expect(setup().store.getState()).toEqual({ status: 'logged-out' });
  });

  it('stores token and user after a successful login', async () => {
    const { store, auth, backing } = setup();
    auth.login.mockResolvedValue({ token: 'tok', user });
    await store.login({ email: user.email, password: 'pw' });
    expect(store.getState()).toEqual(signedIn('login'));
    expect(backing.get('token')).toBe('tok');
    expect(keptUser(backing)).toEqual(user);
  });

  it('sends one login request when asked twice while it runs', async () => {
    const { store, auth } = setup();
    const answer = deferred<{ token: string; user: User }>();
    auth.login.mockReturnValue(answer.promise);
    const first = store.login({ email: user.email, password: 'pw' });
    const second = store.login({ email: user.email, password: 'pw' });
    answer.resolve({ token: 'tok', user });
    await Promise.all([first, second]);
    expect(auth.login).toHaveBeenCalledTimes(1);
  });

  it('stores nothing when the login fails', async () => {
    const { store, auth, backing } = setup();
    auth.login.mockRejectedValue(
      new ApiError({ kind: 'network', path: '/api/auth/login' }),
    );
    await expect(
      store.login({ email: user.email, password: 'pw' }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(store.getState().status).toBe('logged-out');
    expect(backing.size).toBe(0);
  });

  it('restores a stored token through /me and keeps the stored name', async () => {
    const { store, auth } = setup({ token: 'tok', user: JSON.stringify(user) });
    expect(store.getState().status).toBe('restoring');
    auth.me.mockResolvedValue({ success: true, user: { ...user, name: null } });
    await store.restore();
    expect(store.getState()).toEqual(signedIn('restore'));
  });

  it('removes token and user and reloads once when /me answers 401', async () => {
    const { store, auth, platform, backing } = setup({
      token: 'tok',
      user: JSON.stringify(user),
    });
    auth.me.mockRejectedValue(http(401));
    await store.restore();
    expect(store.getState().status).toBe('logged-out');
    expect(backing.has('token')).toBe(false);
    expect(backing.has('user')).toBe(false);
    expect(platform.reloads).toBe(1);
  });

  it('reloads once when the client reports the 401 of /me before the call settles', async () => {
    const { store, auth, platform } = setup({ token: 'tok' });
    auth.me.mockImplementation(async () => {
      store.expire();
      store.expire();
      throw http(401);
    });
    await store.restore();
    expect(store.getState().status).toBe('logged-out');
    expect(platform.reloads).toBe(1);
  });

  it.each([
    ['answers 500', http(500)],
    [
      'cannot be reached',
      new ApiError({ kind: 'network', path: '/api/auth/me' }),
    ],
    [
      'answers an HTML page with status 200',
      new ApiError({
        kind: 'invalid-response',
        path: '/api/auth/me',
        status: 200,
        detail: 'expected JSON, got "text/html"',
      }),
    ],
  ])(
    'keeps the token and says the server is unreachable when /me %s at start',
    async (_, error) => {
      const { store, auth, platform, backing, log } = setup({
        token: 'tok',
        user: JSON.stringify(user),
      });
      const ended = vi.fn();
      store.onSessionEnd(ended);
      auth.me.mockRejectedValue(error);
      await store.restore();
      expect(store.getState()).toEqual({
        status: 'unreachable',
        token: 'tok',
        reason: error.message,
      });
      expect(store.getToken()).toBe('tok');
      expect(backing.get('token')).toBe('tok');
      // Specification §7: any other failure of the current-user call clears the user.
      expect(backing.has('user')).toBe(false);
      expect(platform.reloads).toBe(0);
      expect(ended).not.toHaveBeenCalled();
      expect(log).toHaveBeenCalledTimes(1);
    },
  );

  it('restores the kept session on Retry once the server answers again', async () => {
    const { store, auth, backing } = setup({ token: 'tok' });
    auth.me.mockRejectedValueOnce(http(503));
    await store.restore();
    expect(store.getState().status).toBe('unreachable');
    auth.me.mockResolvedValue({ success: true, user });
    const retry = store.restore();
    expect(store.getState().status).toBe('restoring');
    // A second Retry while the first runs shares its request.
    const again = store.restore();
    await Promise.all([retry, again]);
    expect(auth.me).toHaveBeenCalledTimes(2);
    expect(store.getState()).toMatchObject({ status: 'logged-in', user });
    expect(keptUser(backing)).toEqual(user);
  });

  it('restores the kept session by itself when the network comes back', async () => {
    const { store, auth, platform } = setup({ token: 'tok' });
    auth.me.mockRejectedValueOnce(
      new ApiError({ kind: 'network', path: '/api/auth/me' }),
    );
    await store.restore();
    expect(store.getState().status).toBe('unreachable');
    auth.me.mockResolvedValue({ success: true, user });
    platform.setOnline(false);
    platform.setOnline(true);
    await vi.waitFor(() =>
      expect(store.getState()).toMatchObject({ status: 'logged-in' }),
    );
    expect(auth.me).toHaveBeenCalledTimes(2);
  });

  it('still signs out from the unreachable state when asked to', async () => {
    const { store, auth, backing } = setup({ token: 'tok' });
    auth.me.mockRejectedValue(http(500));
    await store.restore();
    auth.logout.mockRejectedValue(
      new ApiError({ kind: 'network', path: '/api/auth/logout' }),
    );
    await store.logout();
    expect(store.getState().status).toBe('logged-out');
    expect(backing.has('token')).toBe(false);
  });

  it.each([
    ['not JSON', '{bad'],
    ['the text "undefined"', 'undefined'],
    ['a JSON string', '"undefined"'],
    ['an array', '[]'],
    ['null', 'null'],
    [
      'an object of __proto__ keys',
      '{"__proto__":{"role":"super_admin"},"constructor":{"prototype":{"role":"super_admin"}}}',
    ],
    ['1 MB', JSON.stringify({ ...user, name: 'x'.repeat(1_000_000) })],
  ])(
    'removes a stored user that is %s at start and still restores from the token',
    async (_, stored) => {
      const { store, auth, backing } = setup({ token: 'tok', user: stored });
      expect(backing.has('user')).toBe(false);
      const other = { ...DEMO_USERS.brandAdmin };
      auth.me.mockResolvedValue({ success: true, user: other });
      await store.restore();
      expect(store.getState()).toEqual(signedIn('restore', other));
      expect(keptUser(backing)).toEqual(other);
      expect(({} as Record<string, unknown>)['role']).toBeUndefined();
    },
  );

  it('takes role, member and tenant from /me, not from a stored user that claims more', async () => {
    const claimed = {
      ...DEMO_USERS.brandAdmin,
      role: 'super_admin',
      member_id: null,
      allowed_tenant_id: 1,
      isPactStaff: true,
    };
    const { store, auth, backing } = setup({
      token: 'tok',
      user: JSON.stringify(claimed),
    });
    auth.me.mockResolvedValue({ success: true, user: DEMO_USERS.brandAdmin });
    await store.restore();
    expect(store.getState()).toEqual(
      signedIn('restore', DEMO_USERS.brandAdmin),
    );
    expect(keptUser(backing)).toEqual(DEMO_USERS.brandAdmin);
  });

  it('rebuilds the session from /me when only the token is stored', async () => {
    const { store, auth, backing } = setup({ token: 'tok' });
    auth.me.mockResolvedValue({ success: true, user });
    await store.restore();
    expect(store.getState()).toEqual(signedIn('restore'));
    expect(keptUser(backing)).toEqual(user);
  });

  it('revokes the token on the server, then clears it here at once', async () => {
    const { store, auth, backing } = setup();
    auth.login.mockResolvedValue({ token: 'tok', user });
    await store.login({ email: user.email, password: 'pw' });
    const ended = vi.fn();
    store.onSessionEnd(ended);
    const done = store.logout();
    expect(store.getState().status).toBe('logged-out');
    expect(store.getToken()).toBeNull();
    await done;
    // The call names the token it revokes: the client may read it later.
    expect(auth.logout).toHaveBeenCalledWith({ token: 'tok' });
    expect(backing.size).toBe(0);
    expect(ended).toHaveBeenCalledWith('logout');
  });

  it('signs out even when the logout request fails', async () => {
    const { store, auth, log } = setup();
    auth.login.mockResolvedValue({ token: 'tok', user });
    await store.login({ email: user.email, password: 'pw' });
    auth.logout.mockRejectedValue(
      new ApiError({ kind: 'network', path: '/api/auth/logout' }),
    );
    await store.logout();
    expect(store.getState().status).toBe('logged-out');
    expect(log).toHaveBeenCalled();
  });

  it('ends the session once on expire, however often it is called', async () => {
    const { store, auth } = setup();
    auth.login.mockResolvedValue({ token: 'tok', user });
    await store.login({ email: user.email, password: 'pw' });
    const ended = vi.fn();
    store.onSessionEnd(ended);
    store.expire();
    store.expire();
    expect(ended).toHaveBeenCalledTimes(1);
    expect(ended).toHaveBeenCalledWith('unauthorized');
  });

  it('drops a late /me answer that belongs to a session that has ended', async () => {
    const { store, auth } = setup({ token: 'tok' });
    const answer = deferred<{ success: boolean; user: User }>();
    auth.me.mockReturnValue(answer.promise);
    const restoring = store.restore();
    store.expire();
    answer.resolve({ success: true, user });
    await restoring;
    expect(store.getState().status).toBe('logged-out');
  });

  it('signs out when another tab removes the token', async () => {
    const { store, auth, platform } = setup();
    auth.login.mockResolvedValue({ token: 'tok', user });
    await store.login({ email: user.email, password: 'pw' });
    const ended = vi.fn();
    store.onSessionEnd(ended);
    platform.changeFromOtherTab('token', null);
    expect(store.getState().status).toBe('logged-out');
    expect(ended).toHaveBeenCalledWith('other-tab');
  });

  it('ends this user’s session before loading the user of a token another tab wrote', async () => {
    const { store, auth, platform, backing } = setup();
    auth.login.mockResolvedValue({ token: 'tok', user });
    await store.login({ email: user.email, password: 'pw' });
    const ended = vi.fn();
    store.onSessionEnd(ended);
    const other = DEMO_USERS.operator;
    const answer = deferred<{ success: boolean; user: User }>();
    auth.me.mockReturnValue(answer.promise);
    platform.changeFromOtherTab('user', JSON.stringify(other));
    platform.changeFromOtherTab('token', 'tok-b');
    expect(ended).toHaveBeenCalledWith('other-tab');
    expect(store.getState()).toEqual({ status: 'restoring', token: 'tok-b' });
    // The other tab's session stays where it wrote it.
    expect(backing.get('token')).toBe('tok-b');
    expect(backing.get('user')).toBe(JSON.stringify(other));
    answer.resolve({ success: true, user: other });
    await vi.waitFor(() =>
      expect(store.getState()).toMatchObject({ user: other }),
    );
  });

  it('reloads the current user when another tab changes the token', async () => {
    const { store, auth, platform } = setup();
    auth.login.mockResolvedValue({ token: 'tok', user });
    await store.login({ email: user.email, password: 'pw' });
    const other = { ...user, email: 'admin@pact.test', role: 'admin' };
    auth.me.mockResolvedValue({ success: true, user: other });
    platform.changeFromOtherTab('token', 'tok-2');
    await vi.waitFor(() =>
      expect(store.getState()).toMatchObject({ token: 'tok-2', user: other }),
    );
  });

  it('ignores storage events of unrelated keys', async () => {
    const { store, auth, platform } = setup();
    auth.login.mockResolvedValue({ token: 'tok', user });
    await store.login({ email: user.email, password: 'pw' });
    platform.changeFromOtherTab('themeVariant', 'new');
    expect(store.getState().status).toBe('logged-in');
    expect(auth.me).not.toHaveBeenCalled();
  });
});
