import {
  setupFakeApi,
  DEMO_PASSWORD,
  demoToken,
} from '@collective/api-client/testing';
import { TEST_ORIGIN } from '@collective/platform/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { createTestSession, renderWithSession } from '../../testing';
import { AuthProvider, useSession } from '../auth-provider';
import { SignInScreen } from './sign-in-screen';

const LOGIN = `${TEST_ORIGIN}/api/auth/login`;
const { server } = setupFakeApi({ baseUrl: TEST_ORIGIN });

function Gate() {
  const { state } = useSession();
  return state.status === 'logged-in' ? (
    <p>Welcome {state.user.email}</p>
  ) : (
    <SignInScreen />
  );
}

const renderScreen = () => renderWithSession(<Gate />);

async function signIn(password = DEMO_PASSWORD) {
  await userEvent.type(
    screen.getByRole('textbox', { name: 'Email' }),
    'super@pact.test',
  );
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('SignInScreen', () => {
  it('shows the fields, the button and the help text of the specification', async () => {
    await renderScreen();
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
    const { platform } = await renderScreen();
    await signIn();
    expect(
      await screen.findByText('Welcome super@pact.test'),
    ).toBeInTheDocument();
    expect(platform.stored.get('token')).toMatch(
      new RegExp(`^${demoToken('super')}\\.\\d+$`),
    );
    expect(JSON.parse(platform.stored.get('user') ?? '')).toMatchObject({
      email: 'super@pact.test',
    });
  });

  it("shows the server's error text in an alert when the password is wrong", async () => {
    await renderScreen();
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
    await renderScreen();
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
    const { platform } = await renderScreen();
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Login failed$/,
    );
    expect(platform.stored.size).toBe(0);
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
    await renderScreen();
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

  it('sends one request when Enter is pressed twice in the password field', async () => {
    let calls = 0;
    server.use(
      http.post(LOGIN, async () => {
        calls += 1;
        await new Promise((resolve) => setTimeout(resolve, 50));
        return HttpResponse.json(
          { error: 'Invalid email or password' },
          { status: 401 },
        );
      }),
    );
    await renderScreen();
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Email' }),
      'super@pact.test',
    );
    await userEvent.type(screen.getByLabelText('Password'), 'pw{Enter}{Enter}');
    await screen.findByRole('alert');
    expect(calls).toBe(1);
  });

  it('renders ahead of time with its button waiting, which hydration enables without a mismatch', async () => {
    const { session } = await createTestSession();
    const page = (
      <AuthProvider session={session}>
        <SignInScreen />
      </AuthProvider>
    );
    const html = renderToString(page);
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*disabled=""/);
    expect(html).toContain('method="post"');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const errors = vi.spyOn(console, 'error');
    await act(async () => {
      hydrateRoot(container, page);
    });
    expect(
      within(container).getByRole('button', { name: 'Sign in' }),
    ).toBeEnabled();
    expect(errors).not.toHaveBeenCalled();
    container.remove();
  });
});
