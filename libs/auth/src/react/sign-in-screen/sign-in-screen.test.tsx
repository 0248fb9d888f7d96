import { createApiClient } from '@collective/api-client';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSafeStorage } from '../../safe-storage';
import { createSessionStore } from '../../session-store';
import { AuthProvider, useSession } from '../auth-provider';
import { SignInScreen } from './sign-in-screen';

const BASE = 'http://dashboard.test';
const LOGIN = `${BASE}/api/auth/login`;
const user = {
  name: 'Super',
  email: 'super@pact.test',
  role: 'super_admin',
  member_id: null,
  member_code: null,
  allowed_tenant_id: 1,
  isPactStaff: true,
};

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  localStorage.clear();
});
afterAll(() => server.close());

function Gate() {
  const { state } = useSession();
  return state.status === 'logged-in' ? (
    <p>Welcome {state.user.email}</p>
  ) : (
    <SignInScreen />
  );
}

function renderScreen() {
  const storage = createSafeStorage(localStorage);
  // eslint-disable-next-line prefer-const
  let store: ReturnType<typeof createSessionStore>;
  const api = createApiClient({
    baseUrl: BASE,
    getToken: () => store.getToken(),
    getTenantCode: () => 'pact',
    onUnauthorized: () => store.expire(),
  });
  store = createSessionStore({ api, storage, reload: () => undefined });
  render(
    <AuthProvider store={store}>
      <Gate />
    </AuthProvider>,
  );
}

async function signIn(password = 'demo-pass-2026') {
  await userEvent.type(
    screen.getByRole('textbox', { name: 'Email' }),
    'super@pact.test',
  );
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('SignInScreen', () => {
  it('shows the fields, the button and the help text of the specification', () => {
    renderScreen();
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeRequired();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute(
      'type',
      'email',
    );
    expect(screen.getByLabelText('Password')).toBeRequired();
    expect(
      screen.getByText('Need help? Contact your administrator.'),
    ).toBeInTheDocument();
  });

  it('signs in and stores token and user', async () => {
    server.use(
      http.post(LOGIN, () => HttpResponse.json({ token: 'tok', user })),
    );
    renderScreen();
    await signIn();
    expect(
      await screen.findByText('Welcome super@pact.test'),
    ).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('tok');
  });

  it("shows the server's error text in an alert when the password is wrong", async () => {
    server.use(
      http.post(LOGIN, () =>
        HttpResponse.json(
          { error: 'Invalid email or password' },
          { status: 401 },
        ),
      ),
    );
    renderScreen();
    await signIn('wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Invalid email or password',
    );
  });

  it('falls back to the server message, then to "Login failed"', async () => {
    server.use(
      http.post(LOGIN, () =>
        HttpResponse.json({ message: 'Account locked' }, { status: 403 }),
      ),
    );
    renderScreen();
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Account locked',
    );
    server.use(http.post(LOGIN, () => new HttpResponse(null, { status: 500 })));
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Login failed$/,
    );
  });

  it('says "Login failed" and stores nothing when the network is down', async () => {
    server.use(http.post(LOGIN, () => HttpResponse.error()));
    renderScreen();
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Login failed$/,
    );
    expect(localStorage.length).toBe(0);
  });

  it('disables the button and reads "Signing in..." while the request runs, sending it once', async () => {
    let calls = 0;
    let answer: (response: Response) => void = () => undefined;
    server.use(
      http.post(LOGIN, () => {
        calls += 1;
        return new Promise<Response>((resolve) => {
          answer = resolve;
        });
      }),
    );
    renderScreen();
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Email' }),
      'super@pact.test',
    );
    await userEvent.type(screen.getByLabelText('Password'), 'pw');
    await userEvent.dblClick(screen.getByRole('button', { name: 'Sign in' }));
    expect(
      await screen.findByRole('button', { name: 'Signing in...' }),
    ).toBeDisabled();
    await waitFor(() => expect(calls).toBe(1));
    answer(
      HttpResponse.json(
        { error: 'Invalid email or password' },
        { status: 401 },
      ),
    );
    await screen.findByRole('alert');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(calls).toBe(1);
  });
});
