/**
 * The dashboard under faults, races and hostile input (issue 14, cases
 * 1–14): each test is a journey through the real `App` over a test
 * platform and the fake backend, named after the behaviour it protects.
 * The rules behind each journey are tested exhaustively next to their code
 * (session store, API client, safe storage, chunk reload, query client).
 */
import { DEMO_USERS, setupFakeApi } from '@collective/api-client/testing';
import { STORAGE_KEYS } from '@collective/platform';
import { throwingStorage } from '@collective/platform/testing';
import {
  advanceQueryTimers as elapse,
  fakeQueryTimers,
} from '@collective/tenancy/testing';
import { formatWeight } from '@collective/ui';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  appPlatform,
  holdSummary,
  logOut,
  ORIGIN,
  recordFrames,
  sentBy,
  signedInPlatform,
  signIn,
  startApp,
  user,
} from '../testing/start-app';

const { server, backend } = setupFakeApi({ baseUrl: ORIGIN });
afterEach(() => vi.useRealTimers());

const ME = `${ORIGIN}/api/auth/me`;

/** A turn of the event loop, for an answer just handed back to be taken in. */
const turn = () => act(() => new Promise<void>((done) => setTimeout(done)));

/** Holds the next GET of `path` until the test answers it. */
function hold(path: string) {
  let arrive: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  let answer: (response: Response) => void = () => undefined;
  const response = new Promise<Response>((resolve) => (answer = resolve));
  server.use(
    http.get(
      `${ORIGIN}${path}`,
      () => {
        arrive();
        return response;
      },
      { once: true },
    ),
  );
  return { arrived, answer };
}

const unauthorized = () =>
  HttpResponse.json({ error: 'Unauthorized' }, { status: 401 });
const unreadCalls = () =>
  backend.calls('/api/notifications').filter((r) => r.search === '?unread=true')
    .length;
const signInButton = () => screen.findByRole('button', { name: 'Sign in' });
/** The signed-in shell's banner, once shown (its chunk may be loading for the first time). */
const banner = () => screen.findByRole('banner', {}, { timeout: 15_000 });
const kpi = (term: string) =>
  within(screen.getByText(term).closest('div') as HTMLElement).getByRole(
    'definition',
  );
/** The dashboard's 12-month figure, once shown (its screen chunk may be loading for the first time). */
const collected = async () => {
  await screen.findByText('Collected, last 12 months', {}, { timeout: 15_000 });
  return kpi('Collected, last 12 months').textContent ?? '';
};

describe('stored values (cases 1–4)', () => {
  const CORRUPT_USERS = [
    ['not JSON', '{bad'],
    ['the text "undefined"', 'undefined'],
    ['a JSON string', '"undefined"'],
    ['an empty array', '[]'],
    ['null', 'null'],
    [
      'made of __proto__ keys',
      '{"__proto__":{"role":"super_admin","member_id":null},"constructor":{"prototype":{"isPactStaff":true}}}',
    ],
    [
      '1 MB long',
      JSON.stringify({ ...DEMO_USERS.brandAdmin, name: 'x'.repeat(1 << 20) }),
    ],
  ] as const;

  it.each(CORRUPT_USERS)(
    'removes a stored user %s and, without a token, shows the sign-in screen',
    async (_, stored) => {
      const { platform } = startApp(
        '/dashboard',
        appPlatform({ storage: { [STORAGE_KEYS.user]: stored } }),
      );
      expect(await signInButton()).toBeInTheDocument();
      expect(platform.stored.has(STORAGE_KEYS.user)).toBe(false);
      expect(({} as Record<string, unknown>)['role']).toBeUndefined();
    },
  );

  it.each(CORRUPT_USERS)(
    'removes a stored user %s and restores the session from the token',
    async (_, stored) => {
      const platform = signedInPlatform('brandAdmin');
      platform.stored.set(STORAGE_KEYS.user, stored);
      startApp('/dashboard', platform);
      expect(await banner()).toHaveTextContent('brand.admin@kiehls.test');
      expect(JSON.parse(platform.stored.get(STORAGE_KEYS.user) ?? '')).toEqual(
        DEMO_USERS.brandAdmin,
      );
      expect(({} as Record<string, unknown>)['role']).toBeUndefined();
    },
  );

  it('believes /me over a stored user who claims to be the super admin: menus, switchers and data scope are the brand admin’s', async () => {
    const platform = signedInPlatform('brandAdmin');
    platform.stored.set(
      STORAGE_KEYS.user,
      JSON.stringify({
        ...DEMO_USERS.brandAdmin,
        role: 'super_admin',
        member_id: null,
        allowed_tenant_id: 1,
        isPactStaff: true,
      }),
    );
    startApp('/dashboard', platform);
    await userEvent.click(
      await screen.findByRole('button', { name: /^User menu/ }),
    );
    expect(await banner()).toHaveTextContent('Brand admin');
    expect(screen.queryByText('Super admin')).toBeNull();
    await userEvent.keyboard('{Escape}');
    // No switcher of a collective admin; the brand's own member chip.
    expect(screen.queryByRole('button', { name: /^Tenant/ })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Member' })).toBeNull();
    expect(await banner()).toHaveTextContent("Kiehl's");
    // The brand admin's menus (decisions D1), not the collective's.
    expect(
      screen.queryByRole('button', { name: 'Members & Stores' }),
    ).toBeNull();
    // Kiehl's own figures, asked for as Kiehl's on the kiehls tenant.
    expect(await collected()).toBe(formatWeight(10_008));
    expect(backend.calls('/api/members').map((r) => r.search)).toEqual([
      '?names_only=true',
    ]);
    const summary = backend.calls('/api/dashboard/summary');
    expect(summary.map((r) => r.search)).toEqual(['?member_id=2']);
    expect(summary[0]?.headers.get('x-tenant-code')).toBe('kiehls');
    expect(JSON.parse(platform.stored.get(STORAGE_KEYS.user) ?? '')).toEqual(
      DEMO_USERS.brandAdmin,
    );
  });

  it('rebuilds the session from /me when a token is stored without a user', async () => {
    const platform = signedInPlatform('operator');
    platform.stored.delete(STORAGE_KEYS.user);
    startApp('/dashboard', platform);
    expect(await banner()).toHaveTextContent('operator@kiehls.test');
    expect(backend.calls('/api/auth/me')).toHaveLength(1);
    expect(JSON.parse(platform.stored.get(STORAGE_KEYS.user) ?? '')).toEqual(
      DEMO_USERS.operator,
    );
  });

  it.each([
    ['markup', '<img src=x onerror="window.__pwned=1">'],
    ['CR/LF', 'pact\r\nX-Injected: yes'],
    ['10 KB', 'kiehls'.repeat(1_707)],
    ['a prototype key', '__proto__'],
  ])(
    'keeps a hostile stored activeTenant and themeVariant (%s) out of the page and out of every request header',
    async (_, hostile) => {
      const platform = appPlatform({
        storage: {
          [STORAGE_KEYS.activeTenant]: hostile,
          [STORAGE_KEYS.themeVariant]: hostile,
        },
      });
      const { platform: used } = startApp('/dashboard', platform);
      await signIn('super');
      expect(await collected()).toBeTruthy();
      // Defaults: the pact tenant and its default theme.
      expect(used.root.getAttribute('data-theme')).toBe('pact');
      expect(
        screen.getByRole('button', { name: 'Tenant: Pact Collective' }),
      ).toBeInTheDocument();
      expect(used.stored.get(STORAGE_KEYS.activeTenant)).toBe('pact');
      // Nowhere in the page, the theme's root or any request.
      expect(document.documentElement.outerHTML).not.toContain(hostile);
      expect(used.root.outerHTML).not.toContain(hostile);
      expect((window as { __pwned?: number }).__pwned).toBeUndefined();
      // The shell's other reads (the bell's count, the member list) may
      // still be on their way when the figures show, on a busy machine.
      await vi.waitFor(() =>
        expect(backend.requests.length).toBeGreaterThan(3),
      );
      for (const request of backend.requests) {
        expect(request.headers.get('x-tenant-code')).toBe('pact');
        for (const [, value] of request.headers)
          expect(value).not.toContain(hostile);
      }
    },
  );
});

describe('server unreachable at start (case 5)', () => {
  it.each([
    [
      'answers 500',
      () => HttpResponse.json({ error: 'boom' }, { status: 500 }),
    ],
    ['cannot be reached', () => HttpResponse.error()],
    [
      'answers an HTML page with status 200',
      () => HttpResponse.html('<!doctype html><title>Maintenance</title>'),
    ],
  ])(
    'shows "Could not reach the server" with Retry, keeping the token, when /me %s, and Retry restores the session',
    async (_, answer) => {
      server.use(http.get(ME, answer, { once: true }));
      const { platform } = startApp('/dashboard', signedInPlatform('admin'));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Could not reach the server',
      );
      expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
      expect(platform.stored.get(STORAGE_KEYS.token)).toBe('token-admin');
      expect(platform.reloads).toBe(0);
      await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
      expect(await banner()).toHaveTextContent('admin@pact.test');
      expect(window.location.pathname).toBe('/dashboard');
    },
  );
});

describe('401s (case 7)', () => {
  it('logs out once, with no reload, no navigation and no second /me, when one of three concurrent requests answers 401', async () => {
    const summary = hold('/api/dashboard/summary');
    const members = hold('/api/members');
    const unread = hold('/api/notifications');
    const app = startApp('/dashboard', signedInPlatform('admin'));
    await Promise.all([summary.arrived, members.arrived, unread.arrived]);
    const ended = vi.fn();
    app.session.onSessionEnd(ended);
    const entries = window.history.length;
    summary.answer(unauthorized());
    expect(await signInButton()).toBeInTheDocument();
    // The two others answer late: one 401, one success.
    members.answer(unauthorized());
    unread.answer(HttpResponse.json({ unread_count: 3 }));
    await turn();
    expect(ended).toHaveBeenCalledTimes(1);
    expect(ended).toHaveBeenCalledWith('unauthorized');
    expect(app.platform.reloads).toBe(0);
    expect(window.history.length).toBe(entries);
    expect(window.location.pathname).toBe('/dashboard');
    expect(backend.calls('/api/auth/me')).toHaveLength(1);
    expect(app.platform.stored.has(STORAGE_KEYS.token)).toBe(false);
    expect(screen.getAllByRole('button', { name: 'Sign in' })).toHaveLength(1);
  });
});

describe('another tab (case 8)', () => {
  it('signs out when another tab removes the token mid-request, and neither shows nor keeps the late answer', async () => {
    const held = holdSummary(server);
    const app = startApp('/dashboard', signedInPlatform('admin'));
    await held.arrived;
    const frames = recordFrames();
    act(() => app.platform.changeFromOtherTab(STORAGE_KEYS.token, null));
    expect(await signInButton()).toBeInTheDocument();
    held.release();
    await held.answered;
    await turn();
    expect(frames.everShowed(held.figure)).toBe(false);
    expect(app.queryClient?.getQueryCache().getAll()).toEqual([]);
    expect(app.platform.stored.has(STORAGE_KEYS.user)).toBe(false);
    expect(await signInButton()).toBeInTheDocument();
    frames.stop();
  });
});

describe('switching user (case 9)', () => {
  it('never shows A’s figures to B, of the same data scope, when A’s answer is delayed past A’s logout and B’s sign-in', async () => {
    const heldA = holdSummary(server, sentBy('admin'));
    startApp('/dashboard');
    await signIn('admin');
    await heldA.arrived;
    const frames = recordFrames();
    await logOut();
    const heldB = holdSummary(server, sentBy('super'), { markKg: 123_456_789 });
    await signIn('super');
    await heldB.arrived;
    // A's answer arrives while B's figures load, under the same query key.
    heldA.release();
    await heldA.answered;
    await turn();
    heldB.release();
    expect(await collected()).toBe(heldB.figure);
    expect(frames.everShowed(heldA.figure)).toBe(false);
    frames.stop();
  });

  it('starts B, of the same data scope, from nothing: none of A’s cached figures show while B’s load', async () => {
    const shownToA = holdSummary(server, sentBy('admin'), {
      release: 'at-once',
    });
    startApp('/dashboard');
    await signIn('admin');
    expect(await collected()).toBe(shownToA.figure);
    await logOut();
    await signInButton();
    const frames = recordFrames();
    const heldB = holdSummary(server, sentBy('super'), { markKg: 123_456_789 });
    await signIn('super');
    await heldB.arrived;
    expect(
      await screen.findByText("Loading the program's figures…"),
    ).toBeInTheDocument();
    heldB.release();
    expect(await collected()).toBe(heldB.figure);
    expect(frames.everShowed(shownToA.figure)).toBe(false);
    frames.stop();
  });
});

describe('switching scope (case 10)', () => {
  it('never shows the previous member’s figures when the member changes while they load', async () => {
    const held = holdSummary(
      server,
      (request) => !new URL(request.url).searchParams.has('member_id'),
    );
    startApp('/dashboard', signedInPlatform('admin'));
    await held.arrived;
    // The summary is asked for with the session, before the member list.
    await screen.findByRole('option', { name: 'Lumen Skincare' });
    const frames = recordFrames();
    await user().selectOptions(
      await screen.findByRole('combobox', { name: 'Member' }),
      'Lumen Skincare',
    );
    // Lumen Skincare's four demo stores: 1,003 + 2,003 + 3,003 + 4,003 kg.
    expect(await collected()).toBe(formatWeight(10_012));
    held.release();
    await held.answered;
    await turn();
    expect(kpi('Collected, last 12 months')).toHaveTextContent(
      formatWeight(10_012),
    );
    expect(frames.everShowed(held.figure)).toBe(false);
    frames.stop();
  });

  it('reloads on a tenant switch with figures in flight, and the reloaded page asks for and shows only the new tenant’s', async () => {
    const held = holdSummary(
      server,
      (request) => request.headers.get('x-tenant-code') === 'pact',
    );
    const first = startApp('/dashboard', signedInPlatform('super'));
    await held.arrived;
    await user().click(
      await screen.findByRole('button', { name: 'Tenant: Pact Collective' }),
    );
    await user().click(screen.getByRole('menuitem', { name: "Kiehl's" }));
    expect(first.platform.reloads).toBe(1);
    expect(first.platform.stored.get(STORAGE_KEYS.activeTenant)).toBe('kiehls');
    // The reload: a new page over the same storage, the old answer late.
    first.view.unmount();
    const frames = recordFrames();
    startApp('/dashboard', first.platform);
    // On the kiehls tenant every answer is limited to Kiehl's (decisions D12).
    expect(await collected()).toBe(formatWeight(10_008));
    held.release();
    await held.answered;
    await turn();
    expect(frames.everShowed(held.figure)).toBe(false);
    expect(
      backend
        .calls('/api/dashboard/summary')
        .at(-1)
        ?.headers.get('x-tenant-code'),
    ).toBe('kiehls');
    frames.stop();
  });
});

describe('notification polling (case 11)', () => {
  it('polls nothing over two minutes while the tab is hidden, once when it shows, and nothing over two minutes after logout', async () => {
    fakeQueryTimers();
    const app = startApp('/dashboard', signedInPlatform('admin'));
    await vi.waitFor(() => expect(unreadCalls()).toBe(1), { timeout: 15_000 });
    await elapse(0);
    act(() => app.platform.setVisible(false));
    await elapse(2 * 60_000);
    expect(unreadCalls()).toBe(1);
    act(() => app.platform.setVisible(true));
    await elapse(0);
    expect(unreadCalls()).toBe(2);
    await act(() => app.session.logout());
    await elapse(2 * 60_000);
    act(() => app.platform.setVisible(false));
    await elapse(2 * 60_000);
    act(() => app.platform.setVisible(true));
    await elapse(60_000);
    expect(unreadCalls()).toBe(2);
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });
});

describe('broken storage (case 12)', () => {
  /** A localStorage whose quota is full: reads work, every write throws. */
  function fullStorage() {
    const map = new Map<string, string>();
    return {
      getItem: (key: string) => map.get(key) ?? null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: (key: string) => void map.delete(key),
    };
  }

  it.each([
    [
      'throws on every read and write, and so does sessionStorage (private mode)',
      () =>
        appPlatform({
          backing: throwingStorage(),
          tabBacking: throwingStorage(),
        }),
    ],
    [
      'throws on every write (quota full)',
      () => appPlatform({ backing: fullStorage() }),
    ],
  ])(
    'keeps working for the tab’s life when localStorage %s',
    async (_, makePlatform) => {
      const platform = makePlatform();
      startApp('/dashboard', platform);
      await signIn('admin');
      expect(await banner()).toHaveTextContent('admin@pact.test');
      expect(await collected()).toBeTruthy();
      await user().selectOptions(
        screen.getByRole('combobox', { name: 'Member' }),
        'Lumen Skincare',
      );
      expect(await collected()).toBe(formatWeight(10_012));
      await user().click(screen.getByRole('link', { name: /^Notifications/ }));
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Notifications' }),
      ).toBeInTheDocument();
      await logOut();
      await signIn('operator');
      expect(await banner()).toHaveTextContent('operator@kiehls.test');
      expect(platform.warnings.length).toBeGreaterThan(0);
      expect(platform.reloads).toBe(0);
    },
  );
});

describe('a failed chunk (case 13)', () => {
  const failingChunk = () =>
    Promise.reject(
      new TypeError(
        'Failed to fetch dynamically imported module: /assets/signed-in-abc.js',
      ),
    );

  it('reloads once when the signed-in shell fails to load, then shows the error with Reload instead of looping', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const platform = signedInPlatform('admin');
    const first = startApp('/dashboard', platform, (services) => {
      services.loadApi = failingChunk;
    });
    expect(
      await screen.findByText('Loading the latest version of the dashboard…'),
    ).toBeInTheDocument();
    expect(platform.reloads).toBe(1);
    // The reloaded page: the same tab, the chunk still missing.
    first.view.unmount();
    startApp('/dashboard', platform, (services) => {
      services.loadApi = failingChunk;
    });
    expect(
      await screen.findByRole('heading', {
        name: 'This screen could not be shown',
      }),
    ).toBeInTheDocument();
    expect(platform.reloads).toBe(1);
    await user().click(screen.getByRole('button', { name: 'Reload' }));
    expect(platform.reloads).toBe(2);
  });
});

describe('offline (case 14)', () => {
  it('shows an offline notice while offline, and loads what was asked meanwhile once back online, without a reload', async () => {
    const app = startApp('/dashboard', signedInPlatform('admin'));
    await collected();
    await screen.findByRole('option', { name: 'Lumen Skincare' });
    const asked = backend.calls('/api/dashboard/summary').length;
    act(() => app.platform.setOnline(false));
    expect(screen.getByText(/You are offline/)).toBeVisible();
    await user().selectOptions(
      screen.getByRole('combobox', { name: 'Member' }),
      'Lumen Skincare',
    );
    expect(
      screen.getByText("Loading the program's figures…"),
    ).toBeInTheDocument();
    expect(backend.calls('/api/dashboard/summary')).toHaveLength(asked);
    act(() => app.platform.setOnline(true));
    expect(await collected()).toBe(formatWeight(10_012));
    expect(screen.queryByText(/You are offline/)).toBeNull();
    expect(backend.calls('/api/dashboard/summary')).toHaveLength(asked + 1);
    expect(app.platform.reloads).toBe(0);
  });
});
