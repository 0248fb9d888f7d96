import { setupFakeApi } from '@collective/api-client/testing';
import { STORAGE_KEYS } from '@collective/platform';
import { createTestPlatform, TEST_ORIGIN } from '@collective/platform/testing';
import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { createTestSession, renderWithSession } from '../testing';
import { useAccess, useApi, useSession } from './auth-provider';
import { SignInScreen } from './sign-in-screen/sign-in-screen';

const { backend, server } = setupFakeApi({ baseUrl: TEST_ORIGIN });

function Probe() {
  const { state } = useSession();
  const access = useAccess();
  if (state.status !== 'logged-in') return <SignInScreen />;
  return <p>{`${state.user.email} as ${access?.label}`}</p>;
}

describe('AuthProvider with the real API client', () => {
  it('logs out once when three requests fail with 401', async () => {
    const { api, session, platform } = await renderWithSession(<Probe />, {
      signedInAs: 'brandAdmin',
    });
    expect(
      screen.getByText('brand.admin@kiehls.test as Brand admin'),
    ).toBeInTheDocument();
    server.use(
      http.get(`${TEST_ORIGIN}/api/*`, () =>
        HttpResponse.json({ error: 'Unauthorized' }, { status: 401 }),
      ),
    );
    const ended = vi.fn();
    session.onSessionEnd(ended);
    await Promise.allSettled([
      api.notifications.unreadCount(),
      api.members.list({ namesOnly: true }),
      api.notifications.unreadCount(),
    ]);
    expect(ended).toHaveBeenCalledTimes(1);
    expect(
      await screen.findByRole('button', { name: 'Sign in' }),
    ).toBeInTheDocument();
    expect(platform.stored.has(STORAGE_KEYS.token)).toBe(false);
  });

  it('reloads once when /me answers 401, and the reloaded page asks no more', async () => {
    const platform = createTestPlatform();
    const first = await createTestSession({
      platform,
      signedInAs: 'brandAdmin',
    });
    backend.revoke(first.session.getToken() ?? '');
    await first.session.restore();
    expect(platform.reloads).toBe(1);
    expect(platform.stored.has(STORAGE_KEYS.token)).toBe(false);
    expect(platform.stored.has(STORAGE_KEYS.user)).toBe(false);

    // What the page does after the reload: a new session over the same storage.
    const second = await createTestSession({ platform });
    await second.session.restore();
    expect(second.session.getState().status).toBe('logged-out');
    expect(platform.reloads).toBe(1);
    expect(backend.calls('/api/auth/me')).toHaveLength(1);
  });

  it('hands the session’s API client to useApi', async () => {
    let seen: unknown;
    function UsesApi() {
      seen = useApi();
      return null;
    }
    const { api } = await renderWithSession(<UsesApi />);
    expect(seen).toBe(api);
  });

  it('names the missing provider when a hook is used outside it', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Probe />)).toThrow(
      'useSession must be used inside <AuthProvider>.',
    );
  });
});
