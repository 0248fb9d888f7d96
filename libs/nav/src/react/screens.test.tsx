import {
  DEMO_PASSWORD,
  DEMO_USERS,
  setupFakeApi,
  type DemoUserKey,
} from '@collective/api-client/testing';
import { TEST_ORIGIN } from '@collective/platform/testing';
import { createTestShell } from '@collective/tenancy/testing';
import { ShellProvider } from '@collective/tenancy/react';
import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRouteRegistry, ROUTES } from '../routes';
import {
  PRELOAD_DELAY_MS,
  usePreloadAfterSignIn,
  type ScreenLoader,
} from './screens';

setupFakeApi({ baseUrl: TEST_ORIGIN });
afterEach(() => vi.useRealTimers());

/** A registry whose every screen is a counted fake loader. */
function fakeRegistry() {
  const loads = new Map<string, number>();
  const screens = Object.fromEntries(
    ROUTES.filter((r) => !r.redirectTo).map((r) => [
      r.path,
      (() => {
        loads.set(r.path, (loads.get(r.path) ?? 0) + 1);
        return Promise.resolve({ default: () => null });
      }) as ScreenLoader,
    ]),
  );
  return { registry: createRouteRegistry<ScreenLoader>([screens]), loads };
}

function Preloader({
  registry,
}: {
  registry: ReturnType<typeof fakeRegistry>['registry'];
}) {
  usePreloadAfterSignIn(registry);
  return null;
}

async function mount(how: 'login' | 'restore', who: DemoUserKey) {
  const { registry, loads } = fakeRegistry();
  const shell = await createTestShell(
    how === 'restore' ? { signedInAs: who } : {},
  );
  if (how === 'login')
    await shell.session.login({
      email: DEMO_USERS[who].email,
      password: DEMO_PASSWORD,
    });
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  render(
    <ShellProvider services={shell}>
      <Preloader registry={registry} />
    </ShellProvider>,
  );
  return { loads };
}

describe('usePreloadAfterSignIn', () => {
  it('fetches the four screens of §4 once, 1 s after a sign-in', async () => {
    const { loads } = await mount('login', 'admin');
    await act(() => vi.advanceTimersByTimeAsync(PRELOAD_DELAY_MS - 1));
    expect(loads.size).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect([...loads.keys()].sort()).toEqual(
      ['/admin-stores', '/analytics', '/dashboard', '/store-rankings'].sort(),
    );
    expect([...loads.values()].every((count) => count === 1)).toBe(true);
  });

  it('fetches nothing after a restored session', async () => {
    const { loads } = await mount('restore', 'admin');
    await act(() => vi.advanceTimersByTimeAsync(5 * PRELOAD_DELAY_MS));
    expect(loads.size).toBe(0);
  });

  it('fetches only the screens the user may open', async () => {
    const { loads } = await mount('login', 'operator');
    await act(() => vi.advanceTimersByTimeAsync(PRELOAD_DELAY_MS));
    expect([...loads.keys()]).toEqual(['/dashboard']);
  });
});
