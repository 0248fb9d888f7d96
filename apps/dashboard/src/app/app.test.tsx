import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
} from 'vitest';
import { readConfig } from '../config';
import { createServices, type Services } from '../services';
import { App } from './app';

const ORIGIN = window.location.origin;
const users = {
  super: {
    name: 'Super Admin',
    email: 'super@pact.test',
    role: 'super_admin',
    member_id: null,
    member_code: null,
    allowed_tenant_id: 1,
    isPactStaff: true,
  },
  brand: {
    name: 'Brand Admin',
    email: 'brand.admin@kiehls.test',
    role: 'admin',
    member_id: 2,
    member_code: 'KIEHLS',
    allowed_tenant_id: 2,
    isPactStaff: false,
  },
  operator: {
    name: 'Olive Operator',
    email: 'operator@kiehls.test',
    role: 'brand_operator',
    member_id: 2,
    member_code: 'KIEHLS',
    allowed_tenant_id: 2,
    isPactStaff: false,
  },
  nobody: {
    name: 'Nobody',
    email: 'nobody@pact.test',
    role: 'viewer',
    member_id: null,
    member_code: null,
    allowed_tenant_id: null,
    isPactStaff: false,
  },
};
type Who = keyof typeof users;

const server = setupServer(
  http.post(`${ORIGIN}/api/auth/login`, async ({ request }) => {
    const { email } = (await request.json()) as { email: string };
    const who = (Object.keys(users) as Who[]).find(
      (k) => users[k].email === email,
    );
    return who
      ? HttpResponse.json({ token: `token-${who}`, user: users[who] })
      : HttpResponse.json(
          { error: 'Invalid email or password' },
          { status: 401 },
        );
  }),
  http.get(`${ORIGIN}/api/auth/me`, ({ request }) => {
    const who = request.headers
      .get('authorization')
      ?.replace('Bearer token-', '') as Who | undefined;
    return who && users[who]
      ? HttpResponse.json({ success: true, user: users[who] })
      : HttpResponse.json({ error: 'Unauthorized' }, { status: 401 });
  }),
  http.post(`${ORIGIN}/api/auth/logout`, () =>
    HttpResponse.json({ success: true }),
  ),
  http.get(`${ORIGIN}/api/members`, () =>
    HttpResponse.json({
      success: true,
      members: [{ id: 2, name: "Kiehl's", code: 'KIEHLS' }],
    }),
  ),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => {
  localStorage.clear();
});

function start(path: string): Services {
  window.history.replaceState(null, '', path);
  const services = createServices(readConfig({}, ORIGIN));
  void services.session.restore();
  render(
    <App
      services={services}
      build={{ version: '1.0.0', commit: 'abc1234', date: '2026-11-22' }}
    />,
  );
  return services;
}

async function signIn(who: Who) {
  await userEvent.type(
    await screen.findByRole('textbox', { name: 'Email' }),
    users[who].email,
  );
  await userEvent.type(screen.getByLabelText('Password'), 'demo-pass-2026');
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

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
    localStorage.setItem('token', 'token-brand');
    localStorage.setItem('user', JSON.stringify(users.brand));
    start('/');
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
    localStorage.setItem('token', 'token-brand');
    start('/');
    await screen.findByRole('banner');
    await waitFor(() =>
      expect(localStorage.getItem('activeTenant')).toBe('kiehls'),
    );
  });

  it('signs out with Logout, clearing storage and the query cache', async () => {
    const services = start('/');
    await signIn('super');
    services.queryClient.setQueryData(['pact', {}, 'probe'], 42);
    await userEvent.click(
      await screen.findByRole('button', { name: /^User menu/ }),
    );
    await userEvent.click(screen.getByRole('menuitem', { name: 'Logout' }));
    expect(
      await screen.findByRole('button', { name: 'Sign in' }),
    ).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(
      services.queryClient.getQueryData(['pact', {}, 'probe']),
    ).toBeUndefined();
  });

  it.each([
    ['super', ['Performance', 'API Keys', 'Logout']],
    ['brand', ['Performance', 'API Keys', 'Logout']],
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
    await signIn('brand');
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
