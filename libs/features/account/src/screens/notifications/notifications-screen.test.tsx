import { setupFakeApi } from '@collective/api-client/testing';
import { NotificationBell } from '@collective/nav/react';
import { TEST_ORIGIN } from '@collective/platform/testing';
import { renderWithShell } from '@collective/tenancy/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import NotificationsScreen from './notifications-screen';

const { backend, server } = setupFakeApi({ baseUrl: TEST_ORIGIN });

async function open(unread: number) {
  backend.setUnread('operator', unread);
  await renderWithShell(
    <>
      <NotificationBell />
      <NotificationsScreen />
    </>,
    { signedInAs: 'operator', route: '/notifications' },
  );
  await screen.findByText(`${unread} unread`);
}

describe('NotificationsScreen', () => {
  it('lists the notifications with their state, and marking one read lowers the bell at once', async () => {
    await open(3);
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(
      await screen.findByRole('link', { name: 'Notifications, 3 unread' }),
    ).toBeInTheDocument();
    await userEvent.click(
      screen.getByRole('button', { name: 'Mark "Notification 2" as read' }),
    );
    expect(
      screen.getByRole('link', { name: 'Notifications, 2 unread' }),
    ).toBeInTheDocument();
    expect(screen.getByText('2 unread')).toBeInTheDocument();
    expect(
      within(screen.getAllByRole('listitem')[1] as HTMLElement).queryByText(
        'New',
      ),
    ).toBeNull();
    expect(backend.calls('/api/notifications/1001/read')).toHaveLength(1);
  });

  it('fetches the list and the bell’s count again once a mark is done: one resource, invalidated together', async () => {
    await open(2);
    const fetched = () =>
      backend.calls('/api/notifications').map((r) => r.search);
    const before = fetched().length;
    await userEvent.click(
      screen.getByRole('button', { name: 'Mark "Notification 1" as read' }),
    );
    await waitFor(() => expect(fetched()).toHaveLength(before + 2));
    expect(fetched().slice(before).sort()).toEqual(['', '?unread=true']);
    expect(
      screen.getByRole('link', { name: 'Notifications, 1 unread' }),
    ).toBeInTheDocument();
  });

  it('marks all read, and says so', async () => {
    await open(2);
    await userEvent.click(
      screen.getByRole('button', { name: 'Mark all as read' }),
    );
    expect(await screen.findByText('All read.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Notifications' })).toBeVisible();
    expect(
      screen.getByRole('button', { name: 'Mark all as read' }),
    ).toBeDisabled();
    expect(backend.calls('/api/notifications/read-all')).toHaveLength(1);
  });

  it('puts the count back and says why when the server refuses', async () => {
    await open(2);
    server.use(
      http.post(`${TEST_ORIGIN}/api/notifications/:id/read`, () =>
        HttpResponse.json({ error: 'Try again later' }, { status: 503 }),
      ),
    );
    await userEvent.click(
      screen.getByRole('button', { name: 'Mark "Notification 1" as read' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Try again later',
    );
    expect(
      await screen.findByRole('link', { name: 'Notifications, 2 unread' }),
    ).toBeInTheDocument();
  });

  it('puts every item back when Mark all as read is refused, and clears the message with the next action', async () => {
    await open(2);
    server.use(
      http.post(`${TEST_ORIGIN}/api/notifications/read-all`, () =>
        HttpResponse.json({ error: 'Try again later' }, { status: 503 }),
      ),
    );
    await userEvent.click(
      screen.getByRole('button', { name: 'Mark all as read' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Try again later',
    );
    expect(await screen.findByText('2 unread')).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'Notifications, 2 unread' }),
    ).toBeInTheDocument();
    await userEvent.click(
      screen.getByRole('button', { name: 'Mark "Notification 1" as read' }),
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(await screen.findByText('1 unread')).toBeInTheDocument();
  });

  it('names an unread item "New: <title>", the badge apart from the title', async () => {
    await open(2);
    const [first, second] = screen.getAllByRole('listitem');
    expect(first).toHaveAccessibleName('New: Notification 1');
    expect(second).toHaveAccessibleName('New: Notification 2');
    await userEvent.click(
      screen.getByRole('button', { name: 'Mark "Notification 1" as read' }),
    );
    expect(first).toHaveAccessibleName('Notification 1');
  });

  it('moves the focus to the next unread item, then to the count, as items are marked read', async () => {
    await open(2);
    await userEvent.click(
      screen.getByRole('button', { name: 'Mark "Notification 1" as read' }),
    );
    expect(
      screen.getByRole('button', { name: 'Mark "Notification 2" as read' }),
    ).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('All read.')).toHaveFocus();
  });

  it('moves the focus to the count after Mark all as read', async () => {
    await open(2);
    await userEvent.click(
      screen.getByRole('button', { name: 'Mark all as read' }),
    );
    expect(await screen.findByText('All read.')).toHaveFocus();
  });

  it('says when there is nothing', async () => {
    await renderWithShell(<NotificationsScreen />, {
      signedInAs: 'admin',
      route: '/notifications',
    });
    expect(
      await screen.findByText('You have no notifications.'),
    ).toBeInTheDocument();
  });
});
