import { ApiError, type ApiClient, type User } from '@collective/api-client';
import { DEMO_USERS } from '@collective/api-client/testing';
import { createTestPlatform } from '@collective/platform/testing';
import { describe, expect, it, vi } from 'vitest';
import { createSessionStore } from './session-store';

const user: User = DEMO_USERS.super;

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

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
    expect(store.getState()).toEqual({
      status: 'logged-in',
      token: 'tok',
      user,
      via: 'login',
    });
    expect(backing.get('token')).toBe('tok');
    expect(JSON.parse(backing.get('user') ?? '')).toEqual(user);
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
    expect(store.getState()).toEqual({
      status: 'logged-in',
      token: 'tok',
      user,
      via: 'restore',
    });
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

  it('clears the user without reloading when /me fails otherwise', async () => {
    const { store, auth, platform, backing, log } = setup({ token: 'tok' });
    auth.me.mockRejectedValue(http(500));
    await store.restore();
    expect(store.getState().status).toBe('logged-out');
    expect(backing.get('token')).toBe('tok');
    expect(platform.reloads).toBe(0);
    expect(log).toHaveBeenCalled();
  });

  it('removes a corrupt stored user at start and still restores from the token', async () => {
    const { store, auth, backing } = setup({ token: 'tok', user: '{oops' });
    expect(backing.has('user')).toBe(false);
    auth.me.mockResolvedValue({ success: true, user });
    await store.restore();
    expect(store.getState().status).toBe('logged-in');
  });

  it('revokes the token on the server, then clears it here at once', async () => {
    const { store, auth, backing } = setup();
    auth.login.mockResolvedValue({ token: 'tok', user });
    await store.login({ email: user.email, password: 'pw' });
    let tokenWhenRevoking: string | null = 'unset';
    auth.logout.mockImplementation(async () => {
      tokenWhenRevoking = store.getToken();
    });
    const ended = vi.fn();
    store.onSessionEnd(ended);
    const done = store.logout();
    expect(store.getState().status).toBe('logged-out');
    await done;
    expect(tokenWhenRevoking).toBe('tok');
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
