import {
  AuditEventsPageSchema,
  MemberProfileDetailSchema,
  MemberProfilesPageSchema,
  type MemberProfile,
} from '@collective/api-client/contract';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { DEMO_MEMBERS } from '../db/seed';
import { present } from '../testing/present';
import { auditEventsOf } from '../testing/audit-events';
import { signedInServer } from '../testing/signed-in-server';
import { describeOnEachDatabase } from '../testing/test-databases';
import { ADMIN, BRAND_ADMIN, OPERATOR } from '../testing/demo-accounts';

const NEW_MEMBER = {
  name: 'Verdant Labs',
  code: 'verdant',
  tier: 'associate',
  status: 'onboarding',
  contact_name: 'Ada Quist',
  contact_email: 'Ada@Verdant.test',
  contact_phone: '',
} as const;

/**
 * Member management (decisions D14, D15; docs/decisions/0093): the list
 * and detail with their figures, who may read which member, and the
 * collective admins' writes, each versioned and audited once. The test
 * server checks every answer against the contract (a 500 otherwise).
 */
describeOnEachDatabase('member management', (engine) => {
  const server = signedInServer(engine);
  const { call, json } = server;

  const profiles = (query = '', who = ADMIN) =>
    json(MemberProfilesPageSchema, `/api/members/profiles?${query}`, who);
  const profile = async (id: number) =>
    (await json(MemberProfileDetailSchema, `/api/members/${id}`)).member;
  const auditEvents = (id: number) => auditEventsOf(server.db, 'member', id);

  describe('GET /api/members/profiles', () => {
    it('lists every member for a collective admin with figures that agree with the records they count', async () => {
      const body = await profiles('page_size=100');
      const year = new Date().getUTCFullYear();
      const [kiehls] = await server.db.query<{
        stores: number;
        users: number;
        collected: number;
        last: Date | null;
      }>(
        `SELECT (SELECT count(*) FROM stores WHERE member_id = 2)::int AS stores,
                (SELECT count(*) FROM users WHERE member_id = 2
                   AND status <> 'deactivated')::int AS users,
                (SELECT coalesce(sum(r.net_kg), 0) FROM receipts r
                   JOIN shipments sh ON sh.id = r.shipment_id
                  WHERE sh.member_id = 2
                    AND sh.received_at >= make_date($1, 1, 1))::float8 AS collected,
                (SELECT max(shipped_at) FROM shipments WHERE member_id = 2) AS last`,
        [year],
      );
      const row = present(
        body.member_profiles.find((m) => m.id === 2),
        "Kiehl's in the list",
      );

      expect(body.scope).toEqual({ member_id: null, member_name: null });
      expect(body.year).toBe(year);
      expect(body.total).toBe(DEMO_MEMBERS.length);
      expect(body.member_profiles.map((m) => m.name)).toEqual(
        [...body.member_profiles.map((m) => m.name)].sort((a, b) =>
          a < b ? -1 : 1,
        ),
      );
      expect(row).toMatchObject({
        code: 'KIEHLS',
        tier: 'founding',
        status: 'active',
        contact_email: 'sustainability@kiehls.test',
        stores: kiehls?.stores,
        users: kiehls?.users,
        last_shipment_at: new Date(
          present(kiehls?.last, 'a shipment'),
        ).toISOString(),
      });
      expect(row.stores).toBeGreaterThan(0);
      expect(row.collected_kg_this_year).toBeCloseTo(
        kiehls?.collected ?? -1,
        2,
      );
    });

    it('sorts by collected weight, filters by tier and finds a member by its code', async () => {
      const heaviest = await profiles('sort=-collected_kg&page_size=100');
      const weights = heaviest.member_profiles.map(
        (m) => m.collected_kg_this_year,
      );
      const founding = await profiles('tier=founding');
      const found = await profiles('search=lumen');

      expect(weights).toEqual([...weights].sort((a, b) => b - a));
      expect(
        founding.member_profiles.map((m) => m.id).sort((a, b) => a - b),
      ).toEqual([2, 1009]);
      expect(found.member_profiles.map((m) => m.code)).toEqual(['LUMEN']);
    });

    it('holds a brand admin to their own member, whatever member_id they send', async () => {
      const own = await profiles('', BRAND_ADMIN);
      const asked = await profiles('member_id=3', BRAND_ADMIN);

      for (const body of [own, asked]) {
        expect(body.scope).toEqual({ member_id: 2, member_name: "Kiehl's" });
        expect(body.member_profiles.map((m) => m.id)).toEqual([2]);
        expect(body.total).toBe(1);
      }
    });

    it('refuses brand operators with 403 and callers without a session with 401', async () => {
      const operator = await call(OPERATOR, 'GET', '/api/members/profiles');
      const anonymous = await server.server.get('/api/members/profiles');

      expect(operator.statusCode).toBe(403);
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('GET /api/members/:id', () => {
    it("answers a brand admin their own member, and another member's id with 404", async () => {
      const own = await call(BRAND_ADMIN, 'GET', '/api/members/2');
      const other = await call(BRAND_ADMIN, 'GET', '/api/members/3');
      const missing = await call(ADMIN, 'GET', '/api/members/999999');

      expect(own.statusCode, own.body).toBe(200);
      expect(v.parse(MemberProfileDetailSchema, own.json()).member.name).toBe(
        "Kiehl's",
      );
      expect(other.statusCode).toBe(404);
      expect(other.json()).toEqual({
        error: 'Not found',
        message: 'There is no member 3 in your data scope.',
      });
      expect(missing.statusCode).toBe(404);
    });
  });

  describe('POST /api/members', () => {
    it('creates a member with a new id and one audit event without a before', async () => {
      const response = await call(ADMIN, 'POST', '/api/members', NEW_MEMBER);

      expect(response.statusCode, response.body).toBe(201);
      const { member } = v.parse(MemberProfileDetailSchema, response.json());
      expect(member).toMatchObject({
        name: 'Verdant Labs',
        code: 'VERDANT',
        tier: 'associate',
        status: 'onboarding',
        contact_email: 'ada@verdant.test',
        contact_phone: null,
        stores: 0,
        users: 0,
        collected_kg_this_year: 0,
        last_shipment_at: null,
        version: 1,
      });
      expect(member.id).toBeGreaterThan(1009);
      const events = await auditEvents(member.id);
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        action: 'create',
        before: null,
        after: { name: 'Verdant Labs', code: 'VERDANT', version: 1 },
        member_id: member.id,
      });
    });

    it('refuses a code in use with 409 naming its holder, and makes nothing', async () => {
      const [before] = await server.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM members',
      );
      const response = await call(ADMIN, 'POST', '/api/members', {
        ...NEW_MEMBER,
        name: 'Another',
        code: 'KIEHLS',
      });
      const [after] = await server.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM members',
      );

      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(
        "The code KIEHLS belongs to Kiehl's; choose another code.",
      );
      expect(after?.n).toBe(before?.n);
    });

    it('refuses a brand admin and an operator with 403, and a bad contact email with 400 naming it', async () => {
      const brand = await call(BRAND_ADMIN, 'POST', '/api/members', {
        ...NEW_MEMBER,
        code: 'BRANDMADE',
      });
      const operator = await call(OPERATOR, 'POST', '/api/members', {
        ...NEW_MEMBER,
        code: 'OPMADE',
      });
      const bad = await call(ADMIN, 'POST', '/api/members', {
        ...NEW_MEMBER,
        code: 'BADMAIL',
        contact_email: 'not-an-email',
      });
      const made = await server.db.query(
        "SELECT id FROM members WHERE code IN ('BRANDMADE', 'OPMADE', 'BADMAIL')",
      );

      expect(brand.statusCode).toBe(403);
      expect(operator.statusCode).toBe(403);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toMatch(
        /contact_email must be an email address/,
      );
      expect(made).toEqual([]);
    });

    it('makes one member for two requests with the same Idempotency-Key', async () => {
      const body = { ...NEW_MEMBER, name: 'Once Only', code: 'ONCE' };
      const headers = { 'idempotency-key': 'member-create-once-0001' };
      const first = await call(ADMIN, 'POST', '/api/members', body, headers);
      const again = await call(ADMIN, 'POST', '/api/members', body, headers);
      const rows = await server.db.query(
        "SELECT id FROM members WHERE code = 'ONCE'",
      );

      expect(first.statusCode, first.body).toBe(201);
      expect(again.json()).toEqual(first.json());
      expect(rows).toHaveLength(1);
    });
  });

  describe('PATCH /api/members/:id', () => {
    it('changes the contact at the version read, audits it once, and refuses the stale second edit with 409, keeping the first', async () => {
      const before = await profile(4);
      const first = await call(ADMIN, 'PATCH', '/api/members/4', {
        version: before.version,
        contact_name: 'Robin Hale',
        contact_email: 'robin@northfield.test',
      });
      const stale = await call(ADMIN, 'PATCH', '/api/members/4', {
        version: before.version,
        contact_name: 'Someone Else',
      });

      expect(first.statusCode, first.body).toBe(200);
      expect(
        v.parse(MemberProfileDetailSchema, first.json()).member,
      ).toMatchObject({
        contact_name: 'Robin Hale',
        contact_email: 'robin@northfield.test',
        contact_phone: before.contact_phone,
        version: before.version + 1,
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({
        error: 'Conflict',
        message: expect.stringContaining('changed since you read it'),
        current: { contact_name: 'Robin Hale', version: before.version + 1 },
      });
      expect((await profile(4)).contact_name).toBe('Robin Hale');
      const events = await auditEvents(4);
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        action: 'update',
        before: { contact_name: before.contact_name, version: before.version },
        after: { contact_name: 'Robin Hale', version: before.version + 1 },
        member_id: 4,
      });
    });

    it('records nothing for an edit that changes nothing', async () => {
      const before = await profile(7);
      const response = await call(ADMIN, 'PATCH', '/api/members/7', {
        version: before.version,
        name: before.name,
        tier: before.tier,
      });

      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().member.version).toBe(before.version);
      expect(await auditEvents(7)).toEqual([]);
    });

    it('refuses a brand admin editing even their own member, and an operator, with 403', async () => {
      const kiehls = await profile(2);
      const brand = await call(BRAND_ADMIN, 'PATCH', '/api/members/2', {
        version: kiehls.version,
        contact_name: 'Not allowed',
      });
      const operator = await call(OPERATOR, 'PATCH', '/api/members/2', {
        version: kiehls.version,
        contact_name: 'Not allowed',
      });

      expect(brand.statusCode).toBe(403);
      expect(operator.statusCode).toBe(403);
      expect((await profile(2)).contact_name).toBe(kiehls.contact_name);
      expect(await auditEvents(2)).toEqual([]);
    });

    it('lets a brand admin read their own member’s trail, and not another’s', async () => {
      const mine = await call(
        BRAND_ADMIN,
        'GET',
        '/api/audit-events?entity=member&entity_id=4',
      );

      expect(mine.statusCode, mine.body).toBe(200);
      expect(v.parse(AuditEventsPageSchema, mine.json()).events).toEqual([]);
    });
  });

  describe('POST /api/members/:id/deactivate', () => {
    it('deactivates at the version read, once; a stale or repeated one is 409 and changes nothing', async () => {
      const before: MemberProfile = await profile(6);
      const done = await call(ADMIN, 'POST', '/api/members/6/deactivate', {
        version: before.version,
      });
      const stale = await call(ADMIN, 'POST', '/api/members/6/deactivate', {
        version: before.version,
      });
      const again = await call(ADMIN, 'POST', '/api/members/6/deactivate', {
        version: before.version + 1,
      });

      expect(done.statusCode, done.body).toBe(200);
      const after = v.parse(MemberProfileDetailSchema, done.json()).member;
      expect(after).toMatchObject({
        status: 'deactivated',
        deactivated_at: expect.any(String),
        version: before.version + 1,
        stores: before.stores,
      });
      expect(stale.statusCode).toBe(409);
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toBe('Already deactivated');
      const events = await auditEvents(6);
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        action: 'deactivate',
        before: { status: 'active', deactivated_at: null },
        after: { status: 'deactivated' },
      });
    });

    it('brings a deactivated member back when an edit sets its status', async () => {
      const before = await profile(6);
      const response = await call(ADMIN, 'PATCH', '/api/members/6', {
        version: before.version,
        status: 'active',
      });

      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().member).toMatchObject({
        status: 'active',
        deactivated_at: null,
      });
    });

    it('refuses a brand admin and an operator with 403', async () => {
      const kiehls = await profile(2);
      for (const who of [BRAND_ADMIN, OPERATOR]) {
        const response = await call(who, 'POST', '/api/members/2/deactivate', {
          version: kiehls.version,
        });
        expect(response.statusCode).toBe(403);
      }
      expect((await profile(2)).status).toBe('active');
    });
  });
});
