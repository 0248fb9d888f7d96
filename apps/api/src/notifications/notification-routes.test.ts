import {
  NotificationsResponseSchema,
  UnreadCountResponseSchema,
} from '@collective/api-client/contract';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_USERS } from '../db/seed';
import { describeOnEachDatabase } from '../testing/test-databases';
import { present } from '../testing/present';
import { startTestServer, type TestServer } from '../testing/test-server';

describeOnEachDatabase('notification routes', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server?.close());

  const seededUnread = (email: string) =>
    present(
      DEMO_USERS.find((user) => user.email === email),
      `the demo user ${email}`,
    ).unreadNotifications;

  describe('GET /api/notifications?unread=true', () => {
    it("returns the caller's own unread count", async () => {
      const superToken = await server.login('super@pact.test');
      const staffToken = await server.login('staff@pact.test');

      const superCount = await server.get(
        '/api/notifications?unread=true',
        superToken,
      );
      const staffCount = await server.get(
        '/api/notifications?unread=true',
        staffToken,
      );

      expect(superCount.statusCode).toBe(200);
      expect(v.parse(UnreadCountResponseSchema, superCount.json())).toEqual({
        unread_count: seededUnread('super@pact.test'),
      });
      expect(staffCount.json()).toEqual({
        unread_count: seededUnread('staff@pact.test'),
      });
      expect(seededUnread('super@pact.test')).not.toBe(
        seededUnread('staff@pact.test'),
      );
    });

    it('stops counting a notification once it is read', async () => {
      const token = await server.login('operator@kiehls.test');
      const before = (
        await server.get('/api/notifications?unread=true', token)
      ).json().unread_count;

      await server.db.query(
        `UPDATE notifications SET read_at = now()
        WHERE id = (SELECT n.id FROM notifications n JOIN users u ON u.id = n.user_id
                     WHERE u.email = $1 AND n.read_at IS NULL LIMIT 1)`,
        ['operator@kiehls.test'],
      );

      const after = (
        await server.get('/api/notifications?unread=true', token)
      ).json().unread_count;
      expect(after).toBe(before - 1);
    });

    it('requires a session', async () => {
      const response = await server.get('/api/notifications?unread=true');

      expect(response.statusCode).toBe(401);
      expect(response.json().error).toBe('Unauthorized');
    });

    it.each([
      ['unread=false', 'unread must be "true", or left out for the list'],
      ['unread=true&limit=5', 'limit is not allowed'],
    ])('refuses ?%s with a JSON 400', async (query, error) => {
      const token = await server.login('admin@pact.test');

      const response = await server.get(`/api/notifications?${query}`, token);

      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error });
    });
  });

  const userId = async (email: string) =>
    present(
      (
        await server.db.query<{ id: number }>(
          'SELECT id FROM users WHERE email = $1',
          [email],
        )
      )[0],
      `the user ${email}`,
    ).id;

  const notificationsOf = async (email: string) =>
    server.db.query<{ id: number; read_at: Date | null }>(
      'SELECT id, read_at FROM notifications WHERE user_id = $1 ORDER BY id',
      [await userId(email)],
    );

  describe('GET /api/notifications', () => {
    it("lists the caller's own notifications, unread first, then newest first, in the contract's shape", async () => {
      const token = await server.login('staff@pact.test');

      const response = await server.get('/api/notifications', token);

      expect(response.statusCode).toBe(200);
      const body = v.parse(NotificationsResponseSchema, response.json());
      expect(body.success).toBe(true);
      const own = await notificationsOf('staff@pact.test');
      expect(body.notifications.map((item) => item.id).sort()).toEqual(
        own.map((item) => item.id).sort(),
      );
      const unread = seededUnread('staff@pact.test');
      expect(body.notifications.map((item) => item.read_at === null)).toEqual(
        body.notifications.map((_, index) => index < unread),
      );
      const newestFirst = (items: typeof body.notifications) => {
        const times = items.map((item) => Date.parse(item.created_at));
        expect(times).toEqual([...times].sort((a, b) => b - a));
      };
      newestFirst(body.notifications.slice(0, unread));
      newestFirst(body.notifications.slice(unread));
      // The seed reads a notification newer than some unread ones, so the
      // order differs from newest first alone.
      const read = present(
        body.notifications.find((item) => item.read_at !== null),
        'a read notification',
      );
      expect(
        body.notifications.some(
          (item) =>
            item.read_at === null &&
            Date.parse(item.created_at) < Date.parse(read.created_at),
        ),
      ).toBe(true);
    });

    it('sends dates as ISO 8601 strings in UTC', async () => {
      const token = await server.login('staff@pact.test');

      const [first] = (await server.get('/api/notifications', token)).json()
        .notifications;

      expect(first.created_at).toMatch(
        /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/,
      );
    });

    it('requires a session', async () => {
      const response = await server.get('/api/notifications');

      expect(response.statusCode).toBe(401);
    });
  });

  describe('POST /api/notifications/read-all', () => {
    it("marks every one of the caller's notifications read, keeps the read times already set, and leaves other users' alone", async () => {
      const token = await server.login('special.admin@member1009.test');
      const before = await notificationsOf('special.admin@member1009.test');
      const othersUnread = async () =>
        (await notificationsOf('super@pact.test')).filter(
          (item) => item.read_at === null,
        ).length;
      const others = await othersUnread();

      const response = await server.post('/api/notifications/read-all', token);

      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true });
      expect(
        (await server.get('/api/notifications?unread=true', token)).json(),
      ).toEqual({ unread_count: 0 });
      const after = await notificationsOf('special.admin@member1009.test');
      for (const item of before.filter((n) => n.read_at !== null)) {
        expect(after.find((n) => n.id === item.id)?.read_at).toEqual(
          item.read_at,
        );
      }
      expect(await othersUnread()).toBe(others);
      expect(
        (await server.post('/api/notifications/read-all', token)).statusCode,
      ).toBe(200);
    });

    it('requires a session', async () => {
      const response = await server.post('/api/notifications/read-all');

      expect(response.statusCode).toBe(401);
    });
  });

  describe('POST /api/notifications/:id/read', () => {
    const unreadIdOf = async (email: string) =>
      present(
        (await notificationsOf(email)).find((item) => item.read_at === null),
        `an unread notification of ${email}`,
      ).id;

    it("marks one of the caller's notifications read and lowers the unread count", async () => {
      const token = await server.login('nobody@pact.test');
      const id = await unreadIdOf('nobody@pact.test');
      const count = async () =>
        (await server.get('/api/notifications?unread=true', token)).json()
          .unread_count as number;
      const before = await count();

      const response = await server.post(
        `/api/notifications/${id}/read`,
        token,
      );

      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true });
      expect(await count()).toBe(before - 1);
      const listed = (await server.get('/api/notifications', token))
        .json()
        .notifications.find((item: { id: number }) => item.id === id);
      expect(listed.read_at).toEqual(expect.any(String));
    });

    it('keeps the first read time when marked read again', async () => {
      const token = await server.login('nobody@pact.test');
      const id = await unreadIdOf('nobody@pact.test');
      await server.post(`/api/notifications/${id}/read`, token);
      const readAt = async () =>
        present(
          (await notificationsOf('nobody@pact.test')).find(
            (item) => item.id === id,
          ),
          `notification ${id}`,
        ).read_at;
      const first = await readAt();

      const again = await server.post(`/api/notifications/${id}/read`, token);

      expect(again.statusCode).toBe(200);
      expect(first).toBeInstanceOf(Date);
      expect(await readAt()).toEqual(first);
    });

    it("answers 404 for someone else's notification and leaves it unread", async () => {
      const token = await server.login('operator@kiehls.test');
      const othersId = await unreadIdOf('super@pact.test');

      const response = await server.post(
        `/api/notifications/${othersId}/read`,
        token,
      );

      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: 'Not found',
        message: `You have no notification ${othersId}.`,
      });
      const still = (await notificationsOf('super@pact.test')).find(
        (item) => item.id === othersId,
      );
      expect(still?.read_at).toBeNull();
    });

    it('answers 404 for a notification that does not exist', async () => {
      const token = await server.login('operator@kiehls.test');

      const response = await server.post(
        '/api/notifications/2147483647/read',
        token,
      );

      expect(response.statusCode).toBe(404);
    });

    it.each(['0', '-1', 'abc', '1.5', '01', '2147483648', '1e3'])(
      'refuses the id "%s" with a JSON 400 before touching the database',
      async (id) => {
        const token = await server.login('operator@kiehls.test');
        const query = vi.spyOn(server.db, 'query');

        const response = await server.post(
          `/api/notifications/${id}/read`,
          token,
        );

        expect(response.statusCode).toBe(400);
        expect(response.json().error).toMatch(/notification id must be/);
        // The session lookup may query; the notifications table is not touched.
        expect(
          query.mock.calls.filter(([sql]) => /notifications/.test(sql)),
        ).toEqual([]);
      },
    );

    it('requires a session', async () => {
      const id = await unreadIdOf('super@pact.test');

      const response = await server.post(`/api/notifications/${id}/read`);

      expect(response.statusCode).toBe(401);
    });
  });
});
