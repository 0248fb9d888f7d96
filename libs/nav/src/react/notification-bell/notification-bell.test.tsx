import { setupFakeApi } from '@collective/api-client/testing';
import { TEST_ORIGIN } from '@collective/platform/testing';
import {
  advanceQueryTimers as elapse,
  fakeQueryTimers as fakeTimers,
  renderWithShell,
} from '@collective/tenancy/testing';
import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Profiler } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  UNREAD_COUNT_FAILURE,
  UNREAD_POLL_INTERVAL_MS,
} from '../../unread-count';
import { NotificationBell } from './notification-bell';

const { backend, server } = setupFakeApi({ baseUrl: TEST_ORIGIN });
afterEach(() => vi.useRealTimers());

const unreadCalls = () =>
  backend.calls('/api/notifications').filter((r) => r.search === '?unread=true')
    .length;

async function renderBell(unread: number) {
  backend.setUnread('admin', unread);
  let commits = 0;
  const shell = await renderWithShell(
    <Profiler id="bell" onRender={() => (commits += 1)}>
      <NotificationBell />
    </Profiler>,
    { signedInAs: 'admin', route: '/dashboard' },
  );
  return { ...shell, commits: () => commits };
}

describe('NotificationBell', () => {
  it('links to /notifications, says the unread count in its name and shows the badge', async () => {
    await renderBell(5);
    const bell = await screen.findByRole('link', {
      name: 'Notifications, 5 unread',
    });
    expect(bell).toHaveAttribute('href', '/notifications');
    expect(bell).toHaveTextContent('5');
  });

  it('caps the badge at 99+ while the name says the number', async () => {
    await renderBell(150);
    const bell = await screen.findByRole('link', {
      name: 'Notifications, 150 unread',
    });
    expect(bell).toHaveTextContent('99+');
  });

  it('shows no badge at zero', async () => {
    await renderBell(0);
    await waitFor(() => expect(unreadCalls()).toBe(1));
    expect(
      screen.getByRole('link', { name: 'Notifications' }),
    ).toHaveTextContent('');
  });

  it('polls every 30 s, and a poll with the same count re-renders nothing', async () => {
    fakeTimers();
    const { commits, queryClient } = await renderBell(2);
    await elapse(0);
    screen.getByRole('link', { name: 'Notifications, 2 unread' });
    const state = () =>
      queryClient.getQueryCache().findAll({ queryKey: ['pact'] })[0]?.state;
    const answeredAt = state()?.dataUpdatedAt ?? 0;
    const before = commits();
    await elapse(UNREAD_POLL_INTERVAL_MS);
    expect(unreadCalls()).toBe(2);
    // The poll's answer has been taken in …
    await vi.waitFor(() =>
      expect(state()?.dataUpdatedAt).toBeGreaterThan(answeredAt),
    );
    await elapse(0);
    // … and, being the same count, rendered nothing.
    expect(commits()).toBe(before);
    backend.setUnread('admin', 3);
    await elapse(UNREAD_POLL_INTERVAL_MS);
    expect(unreadCalls()).toBe(3);
    await vi.waitFor(() =>
      expect(
        screen.getByRole('link', { name: 'Notifications, 3 unread' }),
      ).toBeInTheDocument(),
    );
    expect(commits()).toBe(before + 1);
  });

  it('does not poll while the tab is hidden, and fetches at once when it shows again', async () => {
    fakeTimers();
    const { platform } = await renderBell(1);
    await elapse(0);
    screen.getByRole('link', { name: 'Notifications, 1 unread' });
    act(() => platform.setVisible(false));
    await elapse(2 * 60_000);
    expect(unreadCalls()).toBe(1);
    backend.setUnread('admin', 4);
    act(() => platform.setVisible(true));
    await elapse(0);
    expect(unreadCalls()).toBe(2);
    await vi.waitFor(() =>
      expect(
        screen.getByRole('link', { name: 'Notifications, 4 unread' }),
      ).toBeInTheDocument(),
    );
  });

  it('only logs a failed poll, keeping the last count', async () => {
    fakeTimers();
    const { logs } = await renderBell(2);
    await elapse(0);
    screen.getByRole('link', { name: 'Notifications, 2 unread' });
    server.use(
      http.get(`${TEST_ORIGIN}/api/notifications`, () =>
        HttpResponse.json({ error: 'down' }, { status: 503 }),
      ),
    );
    await elapse(UNREAD_POLL_INTERVAL_MS);
    // The retry of §9, then the final failure is logged once.
    await vi.waitFor(async () => {
      await elapse(1_000);
      expect(logs.map((l) => l.message)).toEqual([UNREAD_COUNT_FAILURE]);
    });
    expect(
      screen.getByRole('link', { name: 'Notifications, 2 unread' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
