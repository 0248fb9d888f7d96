import {
  DEMO_CLEANUP_CONFIRMATION,
  DemoCleanupPlanResponseSchema,
  DemoCleanupResultSchema,
  type DemoCleanupPlan,
} from '@collective/api-client/contract';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeOnEachDatabase } from '../testing/test-databases';
import {
  callWithTokens,
  signInTo,
  startTestServer,
  type TestServer,
} from '../testing/test-server';

const NEW_PASSWORD = 'violet kettle harbour 42';

describeOnEachDatabase('demo clean-up (decisions D20)', (engine) => {
  let server: TestServer;
  /** Tokens of the demo accounts, and of people signed in during the journey (a new user). */
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    server = await startTestServer(engine);
    await signInTo(tokens, server, [
      'super@pact.test',
      'admin@pact.test',
      'brand.admin@kiehls.test',
    ]);
  }, 60_000);
  afterAll(() => server?.close());

  /** A call as a signed-in demo account, as a new user (by token), or anonymous (`null`). */
  const call = callWithTokens(() => server, tokens);
  async function dryRun(): Promise<DemoCleanupPlan> {
    const response = await call('super@pact.test', 'GET', '/api/demo-cleanup');
    expect(response.statusCode, response.body).toBe(200);
    return v.parse(DemoCleanupPlanResponseSchema, response.json()).plan;
  }
  const counts = (plan: DemoCleanupPlan) =>
    Object.fromEntries(
      plan.kinds.filter((k) => k.count > 0).map((k) => [k.kind, k.count]),
    );
  const clean = (plan: string, confirmation = DEMO_CLEANUP_CONFIRMATION) =>
    call('super@pact.test', 'POST', '/api/demo-cleanup', {
      confirmation,
      plan,
    });
  async function ok(response: Awaited<ReturnType<typeof call>>, status = 200) {
    expect(response.statusCode, response.body).toBe(status);
    return response.json();
  }
  /** Everything a clean-up could change, as rows: the proof that nothing did. */
  async function snapshot() {
    const tables = [
      'members',
      'users',
      'api_keys',
      'saved_views',
      'mail_outbox',
      'user_tokens',
      'shipments',
      'receipts',
      'shipment_events',
      'eol_lots',
      'stores',
      'mailback_submissions',
      'mailback_form_versions',
      'notifications',
      'audit_events',
    ];
    const out: Record<string, unknown> = {};
    for (const table of tables) {
      out[table] = await server.db.query(
        `SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS h, count(*)::int AS n FROM ${table} t`,
      );
    }
    return out;
  }
  const summary = async () =>
    await ok(await call('super@pact.test', 'GET', '/api/dashboard/summary'));

  describe('who may', () => {
    it.each(['admin@pact.test', 'brand.admin@kiehls.test'])(
      'refuses %s with 403 on the dry run and the clean-up, changing nothing',
      async (email) => {
        const before = await snapshot();
        const plan = await dryRun();
        const read = await call(email, 'GET', '/api/demo-cleanup');
        expect(read.statusCode).toBe(403);
        expect(read.json().message).toMatch(/super admin/);
        const write = await call(email, 'POST', '/api/demo-cleanup', {
          confirmation: DEMO_CLEANUP_CONFIRMATION,
          plan: plan.plan,
        });
        expect(write.statusCode).toBe(403);
        expect(await snapshot()).toEqual(before);
      },
    );

    it('requires a session', async () => {
      expect((await call(null, 'GET', '/api/demo-cleanup')).statusCode).toBe(
        401,
      );
    });
  });

  describe('a demo used, then cleaned up', () => {
    let seededSummary: unknown;
    let userId = 0;
    let pageTitle = '';

    beforeAll(async () => {
      seededSummary = await summary();
    });

    it('finds nothing to do right after the seed', async () => {
      const plan = await dryRun();
      expect(counts(plan)).toEqual({});
      expect(plan.total).toBe(0);
      expect(plan.confirmation).toBe(DEMO_CLEANUP_CONFIRMATION);
    });

    it('lists what was made after the seed and the seeded records edited since', async () => {
      // An invitation (with its link and mail), and one accepted by a person who then acts.
      await ok(
        await call('admin@pact.test', 'POST', '/api/users', {
          email: 'guest@kiehls.test',
          name: 'Guest',
          role: 'brand_viewer',
          member_id: 2,
        }),
        201,
      );
      const accepted = await ok(
        await call('super@pact.test', 'POST', '/api/users', {
          email: 'new.admin@kiehls.test',
          name: 'New Admin',
          role: 'admin',
          member_id: 2,
        }),
        201,
      );
      const token = new URL(accepted.invitation.link).hash.replace(
        '#token=',
        '',
      );
      const signedIn = await ok(
        await call(null, 'POST', '/api/auth/accept-invitation', {
          token,
          password: NEW_PASSWORD,
        }),
      );
      tokens['new.admin@kiehls.test'] = signedIn.token;
      await ok(
        await call('new.admin@kiehls.test', 'POST', '/api/keys', {
          name: 'New admin key',
        }),
        201,
      );
      await ok(
        await call('super@pact.test', 'POST', '/api/keys', {
          name: 'Demo key',
        }),
        201,
      );
      await ok(
        await call('super@pact.test', 'POST', '/api/saved-views', {
          list: 'stores',
          name: 'Portland',
          visibility: 'private',
          state: 'search=portland',
        }),
        201,
      );
      // Seeded records edited: a member renamed, a user's role changed, a shipment corrected.
      const member = await ok(
        await call('super@pact.test', 'GET', '/api/members/7'),
      );
      await ok(
        await call('super@pact.test', 'PATCH', '/api/members/7', {
          version: member.member.version,
          name: 'Renamed Pine',
        }),
      );
      const [viewer] = await server.db.query<{ id: number; version: number }>(
        "SELECT id, version FROM users WHERE email = 'operator@kiehls.test'",
      );
      userId = viewer!.id;
      await ok(
        await call('super@pact.test', 'PATCH', `/api/users/${userId}`, {
          version: viewer!.version,
          role: 'brand_viewer',
        }),
      );
      const [shipment] = await server.db.query<{ id: number; version: number }>(
        "SELECT id, version FROM shipments WHERE status = 'in_transit' ORDER BY id LIMIT 1",
      );
      await ok(
        await call(
          'super@pact.test',
          'POST',
          `/api/shipments/${shipment!.id}/exception`,
          {
            exception: 'damaged',
            note: 'Crushed box',
            version: shipment!.version,
          },
        ),
      );

      const page = await ok(
        await call(
          'super@pact.test',
          'GET',
          '/api/instructions/what-is-accepted',
        ),
      );
      pageTitle = page.page.title;
      await ok(
        await call(
          'super@pact.test',
          'PATCH',
          '/api/instructions/what-is-accepted',
          {
            version: page.page.version,
            title: 'Renamed page',
          },
        ),
      );

      const plan = await dryRun();
      expect(counts(plan)).toMatchObject({
        'restore-instructions': 1,
        invitations: 1,
        'retire-users': 1,
        'api-keys': 2,
        'saved-views': 1,
        outbox: 2,
        links: 2,
        'restore-members': 1,
        'restore-users': 1,
        'restore-program': 1,
      });
      const kind = (key: string) => plan.kinds.find((k) => k.kind === key);
      expect(kind('invitations')?.items).toEqual([
        expect.objectContaining({ label: 'guest@kiehls.test' }),
      ]);
      expect(kind('retire-users')?.items[0]?.label).toBe(
        'new.admin@kiehls.test',
      );
      expect(kind('restore-members')?.items).toEqual([
        { id: '7', label: 'Harbor & Pine', detail: 'name' },
      ]);
      expect(kind('restore-users')?.items[0]).toMatchObject({
        label: 'operator@kiehls.test',
        detail: 'role',
      });
      expect(kind('restore-program')?.items[0]).toMatchObject({
        id: `shipment:${shipment!.id}`,
        detail: 'record exception',
      });
      expect(plan.total).toBe(plan.kinds.reduce((sum, k) => sum + k.count, 0));
    });

    it('a dry run changes nothing', async () => {
      const before = await snapshot();
      const first = await dryRun();
      const second = await dryRun();
      expect(second).toEqual(first);
      expect(await snapshot()).toEqual(before);
    });

    it('refuses a wrong confirmation with 400 and a stale plan with 409, changing nothing', async () => {
      const before = await snapshot();
      const plan = await dryRun();
      const wrong = await clean(plan.plan, 'clean up');
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toContain(DEMO_CLEANUP_CONFIRMATION);
      const malformed = await call(
        'super@pact.test',
        'POST',
        '/api/demo-cleanup',
        {
          confirmation: DEMO_CLEANUP_CONFIRMATION,
        },
      );
      expect(malformed.statusCode).toBe(400);
      const stale = await clean('0123456789abcdef');
      expect(stale.statusCode).toBe(409);
      expect(stale.json().plan.plan).toBe(plan.plan);
      expect(await snapshot()).toEqual(before);
      expect(await dryRun()).toEqual(plan);
    });

    it('cleans up: counts zero, seeded records back, the dashboard as freshly seeded, one audit event', async () => {
      const plan = await dryRun();
      const events = await server.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM audit_events',
      );
      const result = v.parse(
        DemoCleanupResultSchema,
        await ok(await clean(plan.plan)),
      );
      expect(result.plan.total).toBe(0);
      expect(counts(result.plan)).toEqual({});
      expect(result.done.map((d) => d.kind)).toEqual(
        plan.kinds.filter((k) => k.count > 0).map((k) => k.kind),
      );
      expect(counts(await dryRun())).toEqual({});

      expect(await summary()).toEqual(seededSummary);
      const [member] = await server.db.query<{ name: string; version: number }>(
        'SELECT name, version FROM members WHERE id = 7',
      );
      expect(member).toEqual({ name: 'Harbor & Pine', version: 1 });
      const [viewer] = await server.db.query<{ role: string }>(
        'SELECT role FROM users WHERE id = $1',
        [userId],
      );
      expect(viewer?.role).toBe('brand_operator');
      const pages = await server.db.query<{ title: string; version: number }>(
        "SELECT title, version FROM instruction_pages WHERE tenant = 'pact' AND slug = 'what-is-accepted'",
      );
      expect(pages).toEqual([{ title: pageTitle, version: 1 }]);
      const left = await server.db.query<{ email: string; status: string }>(
        "SELECT email, status FROM users WHERE email IN ('guest@kiehls.test', 'new.admin@kiehls.test')",
      );
      expect(left).toEqual([
        { email: 'new.admin@kiehls.test', status: 'deactivated' },
      ]);
      // The retired person's session died with the clean-up.
      expect(
        (await call('new.admin@kiehls.test', 'GET', '/api/auth/me')).statusCode,
      ).toBe(401);

      const after = await server.db.query<{
        n: number;
      }>('SELECT count(*)::int AS n FROM audit_events');
      expect(after[0]!.n).toBe(events[0]!.n + 1);
      const [event] = await server.db.query<{
        entity: string;
        action: string;
        before: Record<string, unknown>;
        after: Record<string, unknown>;
      }>(
        'SELECT entity, action, before, after FROM audit_events ORDER BY id DESC LIMIT 1',
      );
      expect(event).toMatchObject({
        entity: 'demo',
        action: 'cleanup',
        before: { invitations: 1, 'restore-members': 1 },
        after: { invitations: 0, 'restore-members': 0 },
      });
    }, 120_000);

    it('is idempotent: a second clean-up finds nothing and changes no record', async () => {
      const plan = await dryRun();
      expect(plan.total).toBe(0);
      const shipments = await server.db.query(
        'SELECT count(*)::int AS n, max(id) AS last FROM shipments',
      );
      const result = v.parse(
        DemoCleanupResultSchema,
        await ok(await clean(plan.plan)),
      );
      expect(result.done).toEqual([]);
      expect(result.plan.total).toBe(0);
      expect(
        await server.db.query(
          'SELECT count(*)::int AS n, max(id) AS last FROM shipments',
        ),
      ).toEqual(shipments);
      expect(await summary()).toEqual(seededSummary);
    });
  });
});
