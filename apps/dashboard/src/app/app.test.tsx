import { setupFakeApi } from '@collective/api-client/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  ORIGIN,
  signedInPlatform,
  signIn,
  startApp as start,
} from '../testing/start-app';

setupFakeApi({ baseUrl: ORIGIN });

describe('App', () => {
  it('shows the sign-in screen at the asked URL and, once signed in, the shell with the email', async () => {
    start('/dashboard?from=mail');
    await signIn('super');
    const banner = await screen.findByRole('banner');
    expect(banner).toHaveTextContent('super@pact.test');
    await userEvent.click(
      screen.getByRole('button', { name: 'User menu, super@pact.test' }),
    );
    expect(banner).toHaveTextContent('Super admin');
    await userEvent.keyboard('{Escape}');
    expect(window.location.pathname + window.location.search).toBe(
      '/dashboard?from=mail',
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Dashboard' }),
    ).toBeInTheDocument();
  });

  it('redirects an unknown path to /dashboard after signing in', async () => {
    start('/no-such-page');
    await signIn('super');
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard'));
  });

  it('restores a stored session without the sign-in screen', async () => {
    start('/', signedInPlatform('brandAdmin'));
    expect(screen.getByRole('status')).toHaveTextContent(
      'Restoring your session',
    );
    expect(await screen.findByRole('banner')).toHaveTextContent(
      'brand.admin@kiehls.test',
    );
    expect(
      screen.queryByRole('button', { name: 'Sign in' }),
    ).not.toBeInTheDocument();
  });

  it('stores the tenant resolved for the user as activeTenant', async () => {
    const platform = signedInPlatform('brandAdmin');
    platform.stored.delete('user');
    start('/', platform);
    await screen.findByRole('banner');
    expect(platform.stored.get('activeTenant')).toBe('kiehls');
  });

  it('signs out with Logout, clearing storage and the query cache', async () => {
    const services = start('/');
    await signIn('super');
    const userMenu = await screen.findByRole('button', { name: /^User menu/ });
    // The signed-in chunk has completed the services by now.
    const queryClient = services.queryClient;
    queryClient?.setQueryData(['pact', {}, 'probe'], 42);
    expect(queryClient?.getQueryData(['pact', {}, 'probe'])).toBe(42);
    await userEvent.click(userMenu);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Logout' }));
    expect(
      await screen.findByRole('button', { name: 'Sign in' }),
    ).toBeInTheDocument();
    expect(services.platform.stored.has('token')).toBe(false);
    expect(services.platform.stored.has('user')).toBe(false);
    expect(queryClient?.getQueryData(['pact', {}, 'probe'])).toBeUndefined();
  });

  it.each([
    ['super', ['Performance', 'API Keys', 'Logout']],
    ['brandAdmin', ['Performance', 'API Keys', 'Logout']],
    ['operator', ['API Keys', 'Logout']],
  ] as const)(
    'offers the %s user the menu items their access allows',
    async (who, expected) => {
      start('/');
      await signIn(who);
      await userEvent.click(
        await screen.findByRole('button', { name: /^User menu/ }),
      );
      expect(
        screen.getAllByRole('menuitem').map((item) => item.textContent),
      ).toEqual(expected);
    },
  );

  it('opens Performance from the user menu', async () => {
    start('/');
    await signIn('brandAdmin');
    await userEvent.click(
      await screen.findByRole('button', { name: /^User menu/ }),
    );
    await userEvent.click(
      screen.getByRole('menuitem', { name: 'Performance' }),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Performance' }),
    ).toBeInTheDocument();
    expect(window.location.pathname).toBe('/performance');
  });

  it('sends a brand member who asks for an admin route to /dashboard', async () => {
    start('/performance');
    await signIn('operator');
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard'));
  });

  it('tells a user without a dashboard so, with a way to log out', async () => {
    start('/');
    await signIn('nobody');
    expect(
      await screen.findByText('No dashboard available for your role.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(
      await screen.findByRole('button', { name: 'Sign in' }),
    ).toBeInTheDocument();
  });
});
