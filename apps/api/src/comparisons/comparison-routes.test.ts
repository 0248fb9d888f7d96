import {
  AverageMetricsSchema,
  DashboardSummarySchema,
  MemberComparisonsSchema,
  MIN_ANONYMOUS_MEMBERS,
  PerformanceSchema,
  type AverageFigures,
} from '@collective/api-client/contract';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { percentile } from '../data/percentiles';
import { roundTo } from './comparison-figures';
import { DEMO_MEMBERS } from '../db/seed';
import { idsIn } from '../testing/ids-in';
import { present } from '../testing/present';
import { signedInServer } from '../testing/signed-in-server';
import { describeOnEachDatabase } from '../testing/test-databases';
import {
  SUPER,
  ADMIN,
  BRAND_ADMIN,
  OPERATOR,
  SPECIAL,
  KIEHLS,
} from '../testing/demo-accounts';

const COMPARISONS = '/api/member-comparisons';
const AVERAGES = '/api/average-metrics';
const THIS_YEAR = new Date().getUTCFullYear();

/** The `all` group of each kind of value. */
function overall(figures: AverageFigures) {
  return {
    storeMonths: present(
      figures.store_months.find((g) => g.channel === 'all'),
      'the store-months of all channels',
    ),
    shipments: present(
      figures.shipments.find((g) => g.channel === 'all'),
      'the shipments of all channels',
    ),
    packages: present(
      figures.packages.find((g) => g.channel === 'mail-back'),
      'the packages',
    ),
  };
}

/** The queries a brand user might send to reach another member's figures. */
const PROBES = [
  '',
  'member_id=3',
  'member_id=1009',
  'member_id=999999',
  `period=${THIS_YEAR - 1}`,
  `period=${THIS_YEAR - 1}&member_id=5`,
  'sort=-collected_kg&member_id=4',
];

/**
 * Member Comparisons and Average Metrics (issue 22; docs/decisions/0103):
 * the figures are the dashboard's, /performance's and the receipts' for
 * the same period and scope; a brand user's answers hold no other member's
 * id or name whatever they send; bad input, missing sessions, roles and
 * the special brand user are refused. The test server checks every answer
 * against the contract.
 */
describeOnEachDatabase('member comparisons and average metrics', (engine) => {
  const server = signedInServer(engine, {}, [SPECIAL]);
  const { call, json } = server;
  const compare = (query = '', who = ADMIN) =>
    json(MemberComparisonsSchema, `${COMPARISONS}?${query}`, who);
  const averages = (query = '', who = ADMIN) =>
    json(AverageMetricsSchema, `${AVERAGES}?${query}`, who);

  /**
   * The brand admin's answer of `url?query`: 200, Kiehl's scope, no id but
   * Kiehl's anywhere in the raw JSON and no other member's name in its text.
   */
  async function brandAnswer(url: string, query: string): Promise<unknown> {
    const response = await call(BRAND_ADMIN, 'GET', `${url}?${query}`);
    expect(response.statusCode, query).toBe(200);
    const body: unknown = response.json();
    expect((body as { scope: unknown }).scope, query).toEqual({
      member_id: KIEHLS,
      member_name: "Kiehl's",
    });
    expect(new Set(idsIn(body)), query).toEqual(new Set([KIEHLS]));
    for (const other of DEMO_MEMBERS.filter((m) => m.id !== KIEHLS)) {
      expect(response.body, `${query}: ${other.name}`).not.toContain(
        other.name,
      );
    }
    return body;
  }

  describe('GET /api/member-comparisons', () => {
    it("shows a collective admin every member, with the dashboard's collected weight, active stores and recycling rate for the last 12 months", async () => {
      const body = await compare();

      expect(body.scope).toEqual({ member_id: null, member_name: null });
      expect(body.members.map((m) => m.member_id).sort()).toEqual(
        DEMO_MEMBERS.map((m) => m.id).sort(),
      );
      for (const member of DEMO_MEMBERS) {
        const row = present(
          body.members.find((m) => m.member_id === member.id),
          member.name,
        );
        const dashboard = await json(
          DashboardSummarySchema,
          `/api/dashboard/summary?member_id=${member.id}`,
        );
        expect(row.collected_kg, member.name).toBe(
          dashboard.kpis.weight_kg_12m,
        );
        expect(row.active_stores, member.name).toBe(
          dashboard.kpis.active_stores,
        );
        expect(row.recycling_rate, member.name).toBe(
          dashboard.kpis.recycled_share,
        );
      }
      const total = body.members.reduce((sum, m) => sum + m.collected_kg, 0);
      const collective = await json(
        DashboardSummarySchema,
        '/api/dashboard/summary',
      );
      expect(total).toBeCloseTo(collective.kpis.weight_kg_12m, 0);
    });

    it("equals /performance's actual figures for a calendar year", async () => {
      for (const year of [THIS_YEAR, THIS_YEAR - 1]) {
        const body = await compare(`period=${year}`);
        const performance = await json(
          PerformanceSchema,
          `/api/performance?year=${year}`,
        );
        expect(body.period).toEqual({
          from: `${year}-01-01`,
          to: `${year}-12-31`,
        });
        for (const card of performance.scorecards) {
          const row = present(
            body.members.find((m) => m.member_id === card.member_id),
            card.member_name,
          );
          expect(
            {
              collected_kg: row.collected_kg,
              active_stores: row.active_stores,
              recycling_rate: row.recycling_rate,
            },
            `${year} ${card.member_name}`,
          ).toEqual(card.actual);
        }
      }
    });

    it('compares with the same months a year earlier, and the outcome mix adds up to the weight with an outcome', async () => {
      const year = THIS_YEAR - 1;
      const body = await compare(`period=${year}`);
      const before = await compare(`period=${year - 1}`);

      expect(body.previous_period).toEqual({
        from: `${year - 1}-01-01`,
        to: `${year - 1}-12-31`,
      });
      for (const row of body.members) {
        const then = present(
          before.members.find((m) => m.member_id === row.member_id),
          row.member_name,
        );
        expect(row.previous_collected_kg).toBe(then.collected_kg);
        if (then.collected_kg > 0) {
          expect(row.growth).toBeCloseTo(
            (row.collected_kg - then.collected_kg) / then.collected_kg,
            3,
          );
        } else expect(row.growth).toBeNull();
        const outcomes = Object.values(row.outcome_kg).reduce(
          (a, b) => a + b,
          0,
        );
        expect(outcomes).toBeCloseTo(row.processed_kg, 0);
        expect(row.processed_kg).toBeLessThanOrEqual(row.collected_kg + 0.1);
        if (row.processed_kg > 0) {
          const shares = Object.values(row.outcome_mix).reduce(
            (a, b) => a + b,
            0,
          );
          expect(shares).toBeCloseTo(1, 3);
          expect(row.recycling_rate).toBeCloseTo(
            row.outcome_mix.recycled + row.outcome_mix.downcycled,
            3,
          );
        }
      }
    });

    it('takes the quartiles over the members, each figure on its own', async () => {
      const body = await compare();
      const p = present(body.percentiles, 'the percentiles');
      const collected = body.members.map((m) => m.collected_kg);

      expect(p.members).toBe(DEMO_MEMBERS.length);
      expect(p.members).toBeGreaterThanOrEqual(MIN_ANONYMOUS_MEMBERS);
      expect(p.collected_kg.p25).toBe(
        roundTo(present(percentile(collected, 0.25), 'p25'), 1),
      );
      expect(p.collected_kg.median).toBe(
        roundTo(present(percentile(collected, 0.5), 'median'), 1),
      );
      expect(p.collected_kg.p75).toBe(
        roundTo(present(percentile(collected, 0.75), 'p75'), 1),
      );
      expect(p.landfill.median).toBe(
        roundTo(
          present(
            percentile(
              body.members.map((m) => m.outcome_mix.landfill),
              0.5,
            ),
            'median',
          ),
          4,
        ),
      );
    });

    it('sorts as asked, the null growth last', async () => {
      const byWeight = await compare('sort=-collected_kg');
      const weights = byWeight.members.map((m) => m.collected_kg);
      expect(weights).toEqual([...weights].sort((a, b) => b - a));
      const byName = await compare('sort=-name');
      const names = byName.members.map((m) => m.member_name);
      expect(names).toEqual([...names].sort((a, b) => b.localeCompare(a)));
    });

    it('answers a collective admin for the member asked for, and 404 for a member that does not exist', async () => {
      const body = await compare('member_id=3');

      expect(body.scope).toEqual({
        member_id: 3,
        member_name: 'Lumen Skincare',
      });
      expect(body.members.map((m) => m.member_id)).toEqual([3]);
      expect(
        (await call(ADMIN, 'GET', `${COMPARISONS}?member_id=999999`))
          .statusCode,
      ).toBe(404);
    });

    it("gives a brand admin their own member beside the collective's percentiles, never another member's id or name, whatever they send", async () => {
      const all = await compare();
      for (const query of PROBES) {
        const body = v.parse(
          MemberComparisonsSchema,
          await brandAnswer(COMPARISONS, query),
        );
        expect(
          body.members.map((m) => m.member_id),
          query,
        ).toEqual([KIEHLS]);
      }
      const own = await compare('', BRAND_ADMIN);
      expect(own.members).toEqual(
        all.members.filter((m) => m.member_id === KIEHLS),
      );
      expect(own.percentiles).toEqual(all.percentiles);
    });
  });

  describe('GET /api/average-metrics', () => {
    it("counts every shipment received in the last 12 months: their net weight is the dashboard's collected weight", async () => {
      const body = await averages();
      const dashboard = await json(
        DashboardSummarySchema,
        '/api/dashboard/summary',
      );
      const { shipments, storeMonths, packages } = overall(body.figures);

      expect(body.collective).toBeNull();
      expect(shipments.total_kg).toBeCloseTo(dashboard.kpis.weight_kg_12m, 0);
      expect(shipments.count).toBeGreaterThan(0);
      expect(shipments.net_kg.mean).toBeCloseTo(
        shipments.total_kg / shipments.count,
        0,
      );
      expect(storeMonths.count).toBeGreaterThan(0);
      expect(storeMonths.weight_kg.mean).toBeCloseTo(
        storeMonths.total_kg / storeMonths.count,
        0,
      );
      expect(packages.count).toBeGreaterThan(0);
      const byChannel = body.figures.shipments.filter(
        (g) => g.channel !== 'all',
      );
      expect(byChannel.map((g) => g.channel)).toEqual([
        'in-store',
        'kiosk',
        'mail-back',
      ]);
      expect(byChannel.reduce((sum, g) => sum + g.count, 0)).toBe(
        shipments.count,
      );
    });

    it('computes each figure as the receipts and packages say: contamination ÷ (gross − tare), store-months of active stores', async () => {
      const body = await averages('period=' + (THIS_YEAR - 1) + '&member_id=3');
      const from = `${THIS_YEAR - 1}-01-01`;
      const until = `${THIS_YEAR}-01-01`;
      const [receipts] = await server.db.query<{
        n: number;
        net: number;
        rate: number;
        mean_rate: number;
      }>(
        `SELECT count(*)::int AS n, sum(r.net_kg)::float8 AS net,
                (sum(r.contamination_kg) / sum(r.gross_kg - r.tare_kg))::float8 AS rate,
                avg(r.contamination_kg / (r.gross_kg - r.tare_kg))::float8 AS mean_rate
           FROM receipts r JOIN shipments sh ON sh.id = r.shipment_id
           JOIN stores s ON s.id = sh.store_id
          WHERE s.member_id = 3
            AND sh.received_at >= $1::date::timestamp AT TIME ZONE 'UTC'
            AND sh.received_at < $2::date::timestamp AT TIME ZONE 'UTC'`,
        [from, until],
      );
      const [stores] = await server.db.query<{ months: number; kg: number }>(
        `SELECT coalesce(sum(12 - greatest(0,
                  (extract(year FROM s.opened_at AT TIME ZONE 'UTC')::int - $1) * 12
                  + extract(month FROM s.opened_at AT TIME ZONE 'UTC')::int - 1)), 0)::int AS months,
                (SELECT coalesce(sum(sm.weight_kg), 0)::float8 FROM store_months sm
                   JOIN stores t ON t.id = sm.store_id
                  WHERE t.member_id = 3 AND t.active AND sm.month >= $3::date AND sm.month < $2::date) AS kg
           FROM stores s
          WHERE s.member_id = 3 AND s.active
            AND s.opened_at < $2::date::timestamp AT TIME ZONE 'UTC'`,
        [THIS_YEAR - 1, until, from],
      );
      const { shipments, storeMonths } = overall(body.figures);
      const got = present(receipts, 'the receipts');

      expect(shipments.count).toBe(got.n);
      expect(shipments.total_kg).toBeCloseTo(got.net, 0);
      expect(shipments.pooled_contamination_rate).toBe(roundTo(got.rate, 4));
      expect(shipments.contamination_rate.mean).toBe(roundTo(got.mean_rate, 4));
      expect(storeMonths.count).toBe(present(stores, 'the stores').months);
      expect(storeMonths.total_kg).toBeCloseTo(
        present(stores, 'the stores').kg,
        0,
      );
    });

    it("gives a brand admin their member's averages beside the collective's, never another member's id or name, whatever they send", async () => {
      const collective = await averages();
      for (const query of PROBES.filter((q) => !q.includes('sort'))) {
        const body = v.parse(
          AverageMetricsSchema,
          await brandAnswer(AVERAGES, query),
        );
        for (const group of Object.values(body.collective ?? {}).flat()) {
          expect(group.members, query).toBeGreaterThanOrEqual(
            MIN_ANONYMOUS_MEMBERS,
          );
        }
      }
      const own = await averages('', BRAND_ADMIN);
      const asAdmin = await averages(`member_id=${KIEHLS}`);
      expect(own).toEqual(asAdmin);
      expect(
        overall(present(own.collective, 'the collective')).shipments,
      ).toEqual(overall(collective.figures).shipments);
      expect(overall(own.figures).shipments.count).toBeLessThan(
        overall(collective.figures).shipments.count,
      );
    });
  });

  describe('who may call them', () => {
    it('refuses bad parameters with 400 naming the problem', async () => {
      for (const url of [COMPARISONS, AVERAGES]) {
        for (const query of [
          'period=26',
          'period=2026-13',
          'member_id=abc',
          'colour=red',
        ]) {
          const response = await call(ADMIN, 'GET', `${url}?${query}`);
          expect(response.statusCode, `${url}?${query}`).toBe(400);
        }
      }
      const sort = await call(ADMIN, 'GET', `${COMPARISONS}?sort=member_id`);
      expect(sort.statusCode).toBe(400);
      expect(`${sort.json().error} ${sort.json().message ?? ''}`).toMatch(
        /sort must be one of/,
      );
    });

    it('refuses callers without a session (401), brand operators and the special brand user (403)', async () => {
      for (const url of [COMPARISONS, AVERAGES]) {
        expect((await server.server.app.inject(url)).statusCode, url).toBe(401);
        expect((await call(OPERATOR, 'GET', url)).statusCode, url).toBe(403);
        const special = await call(SPECIAL, 'GET', url);
        expect(special.statusCode, url).toBe(403);
        expect(special.body).not.toContain('Meridian');
        expect((await call(SUPER, 'GET', url)).statusCode, url).toBe(200);
      }
    });
  });
});
