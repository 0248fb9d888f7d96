import {
  AuditEventsPageSchema,
  SavedViewResponseSchema,
  SavedViewsResponseSchema,
} from '@collective/api-client/contract';
import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';
import { signedInServer } from '../testing/signed-in-server';
import { describeOnEachDatabase } from '../testing/test-databases';

describeOnEachDatabase('saved views and the audit trail', (engine) => {
  const server = signedInServer(engine, {}, ['special.admin@member1009.test']);
  const { call, json } = server;

  async function create(who: string, body: object, headers = {}) {
    const response = await call(who, 'POST', '/api/saved-views', body, headers);
    expect(response.statusCode, response.body).toBe(201);
    return v.parse(SavedViewResponseSchema, response.json()).view;
  }
  const trail = (query: string, who = 'super@pact.test') =>
    json(AuditEventsPageSchema, `/api/audit-events?${query}`, who);
  const view = (name: string, visibility = 'private') => ({
    list: 'stores',
    name,
    visibility,
    state: 'sort=-weight&search=portland',
  });

  it('records a create once in the audit trail, with who, what and the fields after', async () => {
    const created = await create('brand.admin@kiehls.test', view('Portland'));

    const { events } = await trail(`entity=saved_view&entity_id=${created.id}`);

    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      action: 'create',
      entity: 'saved_view',
      entity_id: String(created.id),
      member_id: 2,
      actor: { email: 'brand.admin@kiehls.test' },
      before: null,
      after: { name: 'Portland', visibility: 'private', version: 1 },
    });
  });

  it('edits against a version: the edit is audited with before and after, a stale edit is 409 with the current view and changes nothing', async () => {
    const created = await create('admin@pact.test', view('Top stores'));
    const renamed = await call(
      'admin@pact.test',
      'PATCH',
      `/api/saved-views/${created.id}`,
      { version: 1, name: 'Best stores' },
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().view).toMatchObject({
      name: 'Best stores',
      version: 2,
    });

    const stale = await call(
      'admin@pact.test',
      'PATCH',
      `/api/saved-views/${created.id}`,
      { version: 1, name: 'Lost edit', state: 'page=3' },
    );

    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      error: 'Conflict',
      current: { name: 'Best stores', version: 2 },
    });
    const { events } = await trail(`entity=saved_view&entity_id=${created.id}`);
    expect(events.map((event) => event.action)).toEqual(['update', 'create']);
    expect(events[0]).toMatchObject({
      before: { name: 'Top stores', version: 1 },
      after: { name: 'Best stores', version: 2 },
    });
    const listed = v
      .parse(
        SavedViewsResponseSchema,
        (
          await call('admin@pact.test', 'GET', '/api/saved-views?list=stores')
        ).json(),
      )
      .views.find((found) => found.id === created.id);
    expect(listed).toMatchObject({ name: 'Best stores', version: 2 });
  });

  it('leaves no audit event for a write that was rolled back', async () => {
    const created = await create('admin@pact.test', view('Rollback'));
    const query = server.db.query.bind(server.db);
    const transaction = server.db.transaction.bind(server.db);
    let wrote = false;
    const failing = vi
      .spyOn(server.db, 'transaction')
      .mockImplementationOnce((work) =>
        transaction(async (tx) => {
          await work(tx);
          const [gone] = await tx.query<{ n: number }>(
            'SELECT count(*)::int AS n FROM saved_views WHERE id = $1',
            [created.id],
          );
          wrote = gone?.n === 0;
          throw new Error('the disk filled up after the write');
        }),
      );

    const response = await call(
      'admin@pact.test',
      'DELETE',
      `/api/saved-views/${created.id}?version=1`,
    );
    failing.mockRestore();

    expect(wrote).toBe(true);
    expect(response.statusCode).toBe(500);
    const events = await query<{ action: string }>(
      "SELECT action FROM audit_events WHERE entity = 'saved_view' AND entity_id = $1",
      [String(created.id)],
    );
    expect(events.map((event) => event.action)).toEqual(['create']);
    const [still] = await query<{ n: number }>(
      'SELECT count(*)::int AS n FROM saved_views WHERE id = $1',
      [created.id],
    );
    expect(still?.n).toBe(1);
  });

  it('makes one view of a create retried with the same Idempotency-Key, and gives the first answer again', async () => {
    const key = { 'idempotency-key': 'create-view-7f3c' };
    const first = await call(
      'operator@kiehls.test',
      'POST',
      '/api/saved-views',
      view('Retried'),
      key,
    );
    const again = await call(
      'operator@kiehls.test',
      'POST',
      '/api/saved-views',
      view('Retried'),
      key,
    );
    const other = await call(
      'operator@kiehls.test',
      'POST',
      '/api/saved-views',
      view('Another body'),
      key,
    );

    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(other.statusCode).toBe(422);
    const rows = await server.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM saved_views WHERE name = 'Retried'",
    );
    expect(rows[0]?.n).toBe(1);
    const { events } = await trail(
      `entity=saved_view&entity_id=${first.json().view.id}`,
    );
    expect(events).toHaveLength(1);
  });

  it('makes concurrent creates of one user, each with an Idempotency-Key of its own: every one, no deadlock', async () => {
    const made = await Promise.all(
      Array.from({ length: 4 }, (_, n) =>
        call(
          'admin@pact.test',
          'POST',
          '/api/saved-views',
          view(`Concurrent ${n}`),
          { 'idempotency-key': `concurrent-view-${n}` },
        ),
      ),
    );

    expect(made.map((response) => response.statusCode)).toEqual([
      201, 201, 201, 201,
    ]);
  });

  it('shares a brand view with its member only, and lets only its owner change it (403), while other members get 404', async () => {
    const shared = await create(
      'brand.admin@kiehls.test',
      view('Kiehl shared', 'member'),
    );
    const seenBy = async (who: string) =>
      v
        .parse(
          SavedViewsResponseSchema,
          (await call(who, 'GET', '/api/saved-views?list=stores')).json(),
        )
        .views.some((found) => found.id === shared.id);

    expect(await seenBy('operator@kiehls.test')).toBe(true);
    expect(await seenBy('special.admin@member1009.test')).toBe(false);
    expect(await seenBy('admin@pact.test')).toBe(false);

    const byColleague = await call(
      'operator@kiehls.test',
      'PATCH',
      `/api/saved-views/${shared.id}`,
      { version: 1, name: 'Mine now' },
    );
    const byOtherMember = await call(
      'special.admin@member1009.test',
      'DELETE',
      `/api/saved-views/${shared.id}?version=1`,
    );
    expect(byColleague.statusCode).toBe(403);
    expect(byOtherMember.statusCode).toBe(404);
  });

  it('refuses a visibility the role may not give (403) and hostile input (400) without writing anything', async () => {
    const before = await server.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM audit_events',
    );
    const brandToCollective = await call(
      'brand.admin@kiehls.test',
      'POST',
      '/api/saved-views',
      view('Everyone', 'collective'),
    );
    const hostile = await Promise.all([
      call('admin@pact.test', 'POST', '/api/saved-views', {
        ...view('x'),
        extra: 1,
      }),
      call('admin@pact.test', 'POST', '/api/saved-views', {
        ...view('x'),
        list: '../users',
      }),
      call('admin@pact.test', 'POST', '/api/saved-views', {
        ...view('x'),
        state: 'a'.repeat(5000),
      }),
      call('admin@pact.test', 'PATCH', '/api/saved-views/1', { name: 'x' }),
    ]);

    expect(brandToCollective.statusCode).toBe(403);
    expect(hostile.map((response) => response.statusCode)).toEqual([
      400, 400, 400, 400,
    ]);
    const after = await server.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM audit_events',
    );
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  describe('GET /api/audit-events', () => {
    it("gives a brand admin their member's events only, whatever member_id they send, and refuses brand members (403)", async () => {
      await create('admin@pact.test', view('Collective only'));
      await create('special.admin@member1009.test', view('Special'));

      const brand = await trail('member_id=1009', 'brand.admin@kiehls.test');
      const operator = await call(
        'operator@kiehls.test',
        'GET',
        '/api/audit-events',
      );

      expect(brand.events.length).toBeGreaterThan(0);
      expect(new Set(brand.events.map((event) => event.member_id))).toEqual(
        new Set([2]),
      );
      expect(operator.statusCode).toBe(403);
    });

    it('gives a collective admin every event, or one member with member_id', async () => {
      const all = await trail('page_size=100', 'admin@pact.test');
      const special = await trail('member_id=1009', 'admin@pact.test');

      expect(new Set(all.events.map((event) => event.member_id))).toEqual(
        new Set([null, 2, 1009]),
      );
      expect(special.total).toBeGreaterThan(0);
      expect(special.events.every((event) => event.member_id === 1009)).toBe(
        true,
      );
    });
  });
});
