import { setupFakeApi } from '@collective/api-client/testing';
import { STORAGE_KEYS } from '@collective/platform';
import { TEST_ORIGIN } from '@collective/platform/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithSession } from '../../testing';
import { useSession } from '../auth-provider';
import { SignInScreen } from '../sign-in-screen/sign-in-screen';
import { ServerUnreachableScreen } from './server-unreachable-screen';

const ME = `${TEST_ORIGIN}/api/auth/me`;
const { server, backend } = setupFakeApi({ baseUrl: TEST_ORIGIN });

function Gate() {
  const { state } = useSession();
  if (state.status === 'unreachable') return <ServerUnreachableScreen />;
  if (state.status === 'logged-in') return <p>Welcome {state.user.email}</p>;
  if (state.status === 'restoring') return <p role="status">Restoring</p>;
  return <SignInScreen />;
}

describe('ServerUnreachableScreen', () => {
  it.each([
    [
      'answers 500',
      () => HttpResponse.json({ error: 'boom' }, { status: 500 }),
    ],
    ['cannot be reached', () => HttpResponse.error()],
    [
      'answers an HTML page with status 200',
      () => HttpResponse.html('<!doctype html><title>Proxy</title>'),
    ],
  ])(
    'says the server could not be reached when /me %s, keeps the token and restores on Retry',
    async (_, answer) => {
      server.use(http.get(ME, answer, { once: true }));
      const { platform } = await renderWithSession(<Gate />, {
        signedInAs: 'brandAdmin',
      });
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Could not reach the server',
      );
      expect(
        screen.getByRole('heading', { name: 'Could not reach the server' }),
      ).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
      expect(platform.stored.get(STORAGE_KEYS.token)).toBeTruthy();
      expect(platform.reloads).toBe(0);
      // Retry has the focus: Enter alone tries again.
      expect(screen.getByRole('button', { name: 'Retry' })).toHaveFocus();
      await userEvent.keyboard('{Enter}');
      expect(
        await screen.findByText('Welcome brand.admin@kiehls.test'),
      ).toBeInTheDocument();
      expect(backend.calls('/api/auth/me')).toHaveLength(1);
    },
  );

  it('says why, and stays on Retry while the server is still down', async () => {
    server.use(
      http.get(ME, () =>
        HttpResponse.json({ error: 'Database unavailable' }, { status: 503 }),
      ),
    );
    await renderWithSession(<Gate />, { signedInAs: 'operator' });
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByRole('button', { name: 'Retry' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Could not reach the server',
    );
  });

  it('signs out, removing the token, when the user gives up the session', async () => {
    server.use(http.get(ME, () => HttpResponse.error()));
    const { platform } = await renderWithSession(<Gate />, {
      signedInAs: 'operator',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(
      await screen.findByRole('button', { name: 'Sign in' }),
    ).toBeInTheDocument();
    expect(platform.stored.has(STORAGE_KEYS.token)).toBe(false);
  });
});
