import { setupFakeApi } from '@collective/api-client/testing';
import { TEST_ORIGIN, createTestPlatform } from '@collective/platform/testing';
import { renderWithShell } from '@collective/tenancy/testing';
import { act, screen } from '@testing-library/react';
import type * as NavReact from '@collective/nav/react';
import type * as TenancyReact from '@collective/tenancy/react';
import type * as ThemingReact from '@collective/theming/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createThemeController } from '@collective/theming';
import { ThemeProvider } from '@collective/theming/react';
import { Shell } from './shell';

/**
 * Every part of the header, wrapped so that each commit of its subtree is
 * counted: a part re-rendered by the shell, or by a state of its own, counts.
 */
const { commits, counted } = vi.hoisted(() => {
  const commits = new Map<string, number>();
  const counted = async <P extends object>(
    name: string,
    Component: (props: P) => unknown,
  ) => {
    const { createElement, Profiler } = await import('react');
    return (props: P) =>
      createElement(
        Profiler,
        {
          id: name,
          onRender: () => commits.set(name, (commits.get(name) ?? 0) + 1),
        },
        createElement(Component as never, props),
      );
  };
  return { commits, counted };
});

vi.mock('@collective/nav/react', async (importOriginal) => {
  const nav = await importOriginal<typeof NavReact>();
  return {
    ...nav,
    TopNav: await counted('TopNav', nav.TopNav),
    UserMenu: await counted('UserMenu', nav.UserMenu),
    NotificationBell: await counted('NotificationBell', nav.NotificationBell),
    MobileNav: await counted('MobileNav', nav.MobileNav),
  };
});
vi.mock('@collective/tenancy/react', async (importOriginal) => {
  const tenancy = await importOriginal<typeof TenancyReact>();
  return {
    ...tenancy,
    MemberChip: await counted('MemberChip', tenancy.MemberChip),
    TenantSwitcher: await counted('TenantSwitcher', tenancy.TenantSwitcher),
    MemberSwitcher: await counted('MemberSwitcher', tenancy.MemberSwitcher),
  };
});
vi.mock('@collective/theming/react', async (importOriginal) => {
  const theming = await importOriginal<typeof ThemingReact>();
  return {
    ...theming,
    ThemeSwitcher: await counted('ThemeSwitcher', theming.ThemeSwitcher),
  };
});

const { backend } = setupFakeApi({ baseUrl: TEST_ORIGIN });
afterEach(() => vi.useRealTimers());

/** Lets the poll's timer fire, then a few real turns for the fake backend's answer. */
async function elapse(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
    for (let turn = 0; turn < 5; turn += 1)
      await new Promise((resolve) => setImmediate(resolve));
  });
}

describe('Shell', () => {
  it('re-renders only the two badges when the unread count changes, and nothing when it does not', async () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
    });
    backend.setUnread('admin', 2);
    const platform = createTestPlatform();
    const theme = createThemeController({ platform });
    await renderWithShell(
      <Shell
        build={{ version: '1.0.0', commit: 'abc1234', date: '' }}
        registry={[]}
        platform={platform}
      />,
      {
        signedInAs: 'admin',
        route: '/dashboard',
        wrapper: ({ children }) => (
          <ThemeProvider controller={theme}>{children}</ThemeProvider>
        ),
      },
    );
    await elapse(0);
    await vi.waitFor(() =>
      screen.getByRole('link', { name: 'Notifications, 2 unread' }),
    );
    await elapse(1_000);
    const before = new Map(commits);
    const added = () =>
      Object.fromEntries(
        [...before].map(([name, count]) => [
          name,
          (commits.get(name) ?? 0) - count,
        ]),
      );

    await elapse(30_000);
    expect(added()).toEqual(
      Object.fromEntries([...before.keys()].map((name) => [name, 0])),
    );

    backend.setUnread('admin', 3);
    await elapse(30_000);
    await vi.waitFor(() =>
      screen.getByRole('link', { name: 'Notifications, 3 unread' }),
    );
    expect(added()).toEqual({
      TopNav: 0,
      UserMenu: 0,
      NotificationBell: 1,
      MobileNav: 1,
      MemberChip: 0,
      TenantSwitcher: 0,
      MemberSwitcher: 0,
      ThemeSwitcher: 0,
    });
  });
});
