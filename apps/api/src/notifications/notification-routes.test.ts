import { UnreadCountResponseSchema } from '@collective/api-client/contract';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../db/seed';
import { startTestServer, type TestServer } from '../testing/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const seededUnread = (email: string) =>
  DEMO_USERS.find((user) => user.email === email)!.unreadNotifications;

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

  it('refuses a request without unread=true with a JSON 400', async () => {
    const token = await server.login('admin@pact.test');

    const response = await server.get('/api/notifications', token);

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'unread is required' });
  });
});
