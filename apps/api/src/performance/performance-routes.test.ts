import {
  AuditEventsPageSchema,
  DashboardSummarySchema,
  PerformanceSchema,
  PerformanceTargetsWrittenSchema,
  type Performance,
} from '@collective/api-client/contract';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { DEMO_MEMBERS } from '../db/seed';
import { idsIn } from '../testing/ids-in';
import { present } from '../testing/present';
import { signedInServer } from '../testing/signed-in-server';
import { auditEventsOf } from '../testing/audit-events';
import { describeOnEachDatabase } from '../testing/test-databases';
import { median } from '../data/percentiles';
import { ADMIN, BRAND_ADMIN, OPERATOR, KIEHLS } from '../testing/demo-accounts';

const URL = '/api/performance';
const TARGETS = '/api/performance/targets';

const THIS_YEAR = new Date().getUTCFullYear();

/**
 * Performance (decisions D14, D20; docs/decisions/0098): who reads which
 * scorecards, the brand answer naming no other member, the targets'
 * validation, versions and audit, and actual figures that are the
 * dashboard's. The test server checks every answer against the contract.
 */
describeOnEachDatabase('performance', (engine) => {
  const server = signedInServer(engine);
  const { call, json } = server;
  const read = (query = '', who = ADMIN) =>
    json(PerformanceSchema, `${URL}?${query}`, who);
  const put = (body: object, who = ADMIN) => call(who, 'PUT', TARGETS, body);
  const targetRows = async () =>
    (
      await server.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM performance_targets',
      )
    )[0]?.n;
  const auditOf = (id: string) =>
    auditEventsOf(server.db, 'performance_target', id);

  describe('GET /api/performance', () => {
    it("shows a collective admin every member's scorecard for this year, with the seeded targets", async () => {
      const body = await read();

      expect(body.scope).toEqual({ member_id: null, member_name: null });
      expect(body.year).toBe(THIS_YEAR);
      expect(body.as_of).toBe(new Date().toISOString().slice(0, 10));
      expect(body.year_elapsed).toBeGreaterThan(0);
      expect(body.year_elapsed).toBeLessThanOrEqual(1);
      expect(body.scorecards.map((card) => card.member_id).sort()).toEqual(
        DEMO_MEMBERS.map((member) => member.id).sort(),
      );
      for (const card of body.scorecards) {
        expect(card.targets, card.member_name).not.toBeNull();
        expect(card.version).toBe(1);
        expect(card.progress.collected_kg.status).not.toBe('no_target');
      }
      expect(body.median.members).toBe(DEMO_MEMBERS.length);
    });

    it('reads the year asked for: last year is over, so each figure is met or missed', async () => {
      const body = await read(`year=${THIS_YEAR - 1}`);

      expect(body.year).toBe(THIS_YEAR - 1);
      expect(body.as_of).toBe(`${THIS_YEAR - 1}-12-31`);
      expect(body.year_elapsed).toBe(1);
      const statuses = new Set(
        body.scorecards.flatMap((card) =>
          Object.values(card.progress).map((p) => p.status),
        ),
      );
      expect([...statuses].every((s) => s === 'met' || s === 'missed')).toBe(
        true,
      );
      expect(statuses.size).toBe(2);
    });

    it('shows a year with no targets as such', async () => {
      const body = await read('year=2021');

      for (const card of body.scorecards) {
        expect(card.targets).toBeNull();
        expect(card.version).toBeNull();
        expect(card.progress.recycling_rate).toEqual({
          share_of_target: null,
          status: 'no_target',
        });
      }
      expect(body.median.members_with_targets).toBe(0);
      expect(body.median.share_of_target.collected_kg).toBeNull();
    });

    it('answers a collective admin for the member asked for, and 404 for a member that does not exist', async () => {
      const body = await read('member_id=3');
      const missing = await call(ADMIN, 'GET', `${URL}?member_id=999999`);

      expect(body.scope).toEqual({
        member_id: 3,
        member_name: 'Lumen Skincare',
      });
      expect(body.scorecards.map((card) => card.member_id)).toEqual([3]);
      expect(missing.statusCode).toBe(404);
    });

    it('gives a brand admin their own scorecard and the collective median, never another member, whatever they send', async () => {
      const all = await read();
      const others = DEMO_MEMBERS.filter((member) => member.id !== KIEHLS);
      for (const query of [
        '',
        'member_id=3',
        'member_id=1009',
        'member_id=999999',
        `year=${THIS_YEAR - 1}`,
        `year=${THIS_YEAR - 1}&member_id=5`,
      ]) {
        const response = await call(BRAND_ADMIN, 'GET', `${URL}?${query}`);
        expect(response.statusCode, query).toBe(200);
        const body = v.parse(PerformanceSchema, response.json());

        expect(body.scope, query).toEqual({
          member_id: KIEHLS,
          member_name: "Kiehl's",
        });
        expect(body.scorecards.map((card) => card.member_id)).toEqual([KIEHLS]);
        expect(new Set(idsIn(response.json())), query).toEqual(
          new Set([KIEHLS]),
        );
        for (const other of others) {
          expect(response.body, `${query}: ${other.name}`).not.toContain(
            other.name,
          );
        }
      }
      const own = await read('', BRAND_ADMIN);
      expect(own.scorecards[0]).toEqual(
        all.scorecards.find((card) => card.member_id === KIEHLS),
      );
      expect(own.median).toEqual(all.median);
    });

    it("takes the median over the collective's members, each figure on its own", async () => {
      const body = await read();
      const collected = body.scorecards.map((c) => c.actual.collected_kg);
      const shares = body.scorecards.flatMap((c) =>
        c.progress.active_stores.share_of_target === null
          ? []
          : [c.progress.active_stores.share_of_target],
      );

      expect(body.median.actual.collected_kg).toBeCloseTo(
        present(median(collected), 'a median'),
        1,
      );
      expect(body.median.share_of_target.active_stores).toBeCloseTo(
        present(median(shares), 'a median'),
        4,
      );
    });

    it('refuses brand operators (403), a bad year (400) and callers without a session (401)', async () => {
      expect((await call(OPERATOR, 'GET', URL)).statusCode).toBe(403);
      expect((await call(ADMIN, 'GET', `${URL}?year=26`)).statusCode).toBe(400);
      expect((await call(ADMIN, 'GET', `${URL}?year=1999`)).statusCode).toBe(
        400,
      );
      expect((await server.server.app.inject(URL)).statusCode).toBe(401);
    });
  });

  describe('PUT /api/performance/targets', () => {
    const next = THIS_YEAR + 1;
    const body = {
      member_id: 4,
      year: next,
      collected_kg: 12_500,
      active_stores: 9,
      recycling_rate: 0.62,
    };

    it('refuses brand admins and operators with 403, and writes nothing', async () => {
      const before = await targetRows();

      expect((await put(body, BRAND_ADMIN)).statusCode).toBe(403);
      expect(
        (await put({ ...body, member_id: KIEHLS }, BRAND_ADMIN)).statusCode,
      ).toBe(403);
      expect((await put(body, OPERATOR)).statusCode).toBe(403);
      expect(await targetRows()).toBe(before);
    });

    it('refuses negative, absurd and malformed targets with 400, and writes nothing', async () => {
      const before = await targetRows();
      const bad: [object, RegExp][] = [
        [{ ...body, collected_kg: -1 }, /collected_kg cannot be negative/],
        [{ ...body, collected_kg: 1e9 }, /collected_kg must be at most/],
        [{ ...body, collected_kg: '12500' }, /collected_kg must be a number/],
        [{ ...body, active_stores: -3 }, /active_stores cannot be negative/],
        [{ ...body, active_stores: 2.5 }, /active_stores must be a whole/],
        [{ ...body, active_stores: 1e7 }, /active_stores must be at most/],
        [{ ...body, recycling_rate: 1.01 }, /recycling_rate must be at most 1/],
        [{ ...body, recycling_rate: 62 }, /recycling_rate must be at most 1/],
        [{ ...body, recycling_rate: -0.1 }, /recycling_rate cannot be/],
        [{ ...body, year: 2019 }, /year must be 2020 or later/],
        [{ ...body, year: next + 1 }, /up to next year/],
        [{ ...body, version: 0 }, /version must be at least 1/],
        [{ ...body, member_name: 'Sneaky' }, /member_name/],
        [{ member_id: 4, year: next }, /collected_kg/],
      ];
      for (const [payload, reason] of bad) {
        const response = await put(payload);
        const said = JSON.stringify(payload);
        expect(response.statusCode, said).toBe(400);
        expect(
          `${response.json().error} ${response.json().message ?? ''}`,
          said,
        ).toMatch(reason);
      }
      expect(await targetRows()).toBe(before);
      expect((await put({ ...body, member_id: 999_999 })).statusCode).toBe(404);
    });

    it('sets targets, then changes them at the version read, one audit event each with before and after', async () => {
      const made = await put(body);
      expect(made.statusCode, made.body).toBe(200);
      const first = v.parse(PerformanceTargetsWrittenSchema, made.json());
      expect(first.scorecard).toMatchObject({
        member_id: 4,
        version: 1,
        targets: {
          collected_kg: 12_500,
          active_stores: 9,
          recycling_rate: 0.62,
        },
      });
      expect(first.scorecard.progress.collected_kg.status).toBe('not_started');

      const changed = await put({ ...body, version: 1, recycling_rate: 0.7 });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json().scorecard).toMatchObject({
        version: 2,
        targets: { recycling_rate: 0.7 },
      });
      const same = await put({ ...body, version: 2, recycling_rate: 0.7 });
      expect(same.statusCode).toBe(200);

      const events = await auditOf(`4-${next}`);
      expect(events).toEqual([
        {
          action: 'set',
          member_id: 4,
          before: null,
          after: {
            collected_kg: 12_500,
            active_stores: 9,
            recycling_rate: 0.62,
            version: 1,
          },
        },
        {
          action: 'set',
          member_id: 4,
          before: {
            collected_kg: 12_500,
            active_stores: 9,
            recycling_rate: 0.62,
            version: 1,
          },
          after: {
            collected_kg: 12_500,
            active_stores: 9,
            recycling_rate: 0.7,
            version: 2,
          },
        },
      ]);
      const trail = await json(
        AuditEventsPageSchema,
        `/api/audit-events?entity=performance_target&entity_id=4-${next}`,
      );
      expect(trail.total).toBe(2);
    });

    it('refuses a stale version, and a first setting when someone set them meanwhile, with 409 and the current targets', async () => {
      const year = THIS_YEAR;
      const [seeded] = (await read(`member_id=5&year=${year}`)).scorecards;
      const current = present(seeded, 'a scorecard');
      const stale = await put({
        member_id: 5,
        year,
        version: 7,
        collected_kg: 1,
        active_stores: 1,
        recycling_rate: 0.5,
      });
      const fresh = await put({
        member_id: 5,
        year,
        collected_kg: 1,
        active_stores: 1,
        recycling_rate: 0.5,
      });

      for (const response of [stale, fresh]) {
        expect(response.statusCode, response.body).toBe(409);
        expect(response.json()).toMatchObject({
          error: 'Conflict',
          current: { member_id: 5, version: 1, targets: current.targets },
        });
      }
      expect(await auditOf(`5-${year}`)).toEqual([]);
      const [after] = (await read(`member_id=5&year=${year}`)).scorecards;
      expect(after?.targets).toEqual(current.targets);
    });

    it('measures this year against the share of it passed', async () => {
      const [card] = (await read(`member_id=6`)).scorecards;
      const { actual, version } = present(card, 'a scorecard');
      const reached = await put({
        member_id: 6,
        year: THIS_YEAR,
        version,
        collected_kg: actual.collected_kg,
        active_stores: actual.active_stores,
        recycling_rate: actual.recycling_rate,
      });
      expect(reached.statusCode, reached.body).toBe(200);
      expect(reached.json().scorecard.progress).toEqual({
        collected_kg: {
          share_of_target: actual.collected_kg > 0 ? 1 : null,
          status: 'met',
        },
        active_stores: {
          share_of_target: actual.active_stores > 0 ? 1 : null,
          status: 'on_track',
        },
        recycling_rate: {
          share_of_target: actual.recycling_rate > 0 ? 1 : null,
          status: 'on_track',
        },
      });
      const far = await put({
        member_id: 6,
        year: THIS_YEAR,
        version: (version ?? 0) + 1,
        collected_kg: 9_000_000,
        active_stores: 90_000,
        recycling_rate: 1,
      });
      const progress = (
        far.json() as { scorecard: Performance['scorecards'][number] }
      ).scorecard.progress;
      expect(progress.collected_kg.status).toBe('behind');
      expect(progress.active_stores.status).toBe('behind');
    });
  });
});

/**
 * One definition per metric (D14): on the last day of a year, the
 * dashboard's last 12 months are that year, so a member's collected
 * weight, active stores and recycling rate for it are the dashboard's.
 */
describeOnEachDatabase('performance agrees with the dashboard', (engine) => {
  for (const year of [THIS_YEAR, THIS_YEAR - 1]) {
    describe(`${year}`, () => {
      const server = signedInServer(engine, {
        clock: () => new Date(Date.UTC(year, 11, 31, 12)),
      });

      it(`gives each member the dashboard's figures for ${year}`, async () => {
        const body = await server.json(
          PerformanceSchema,
          `${URL}?year=${year}`,
        );
        expect(body.year_elapsed).toBe(1);
        for (const card of body.scorecards) {
          const summary = await server.json(
            DashboardSummarySchema,
            `/api/dashboard/summary?member_id=${card.member_id}`,
          );
          expect(summary.month).toBe(`${year}-12`);
          expect(card.actual.collected_kg, card.member_name).toBe(
            summary.kpis.weight_kg_12m,
          );
          expect(card.actual.recycling_rate, card.member_name).toBe(
            summary.kpis.recycled_share,
          );
          // Stores keep no opening history beyond opened_at: the dashboard
          // counts today's; they agree for the current year.
          if (year === THIS_YEAR) {
            expect(card.actual.active_stores, card.member_name).toBe(
              summary.kpis.active_stores,
            );
          }
        }
        const brand = await server.json(
          PerformanceSchema,
          `${URL}?year=${year}`,
          BRAND_ADMIN,
        );
        const kiehls = await server.json(
          DashboardSummarySchema,
          '/api/dashboard/summary',
          BRAND_ADMIN,
        );
        expect(brand.scorecards[0]?.actual.collected_kg).toBe(
          kiehls.kpis.weight_kg_12m,
        );
      });
    });
  }
});
