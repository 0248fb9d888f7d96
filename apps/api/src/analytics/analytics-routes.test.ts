import {
  AnalyticsSeriesSchema,
  DashboardSummarySchema,
  EolSummarySchema,
  PactAnalyticsSchema,
  RegionalSummarySchema,
} from '@collective/api-client/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addMonths, contractMonth, monthStartOf } from '../data/months';
import { DEMO_MEMBERS } from '../db/seed';
import { signedInServer } from '../testing/signed-in-server';
import { describeOnEachDatabase } from '../testing/test-databases';
import {
  SUPER,
  ADMIN,
  BRAND_ADMIN,
  OPERATOR,
  KIEHLS,
} from '../testing/demo-accounts';

const SERIES = '/api/analytics/series';
const PACT = '/api/analytics/pact';
const REGIONS = '/api/analytics/regions';

/** The names of every demo member but Kiehl's: none may reach a Kiehl's user. */
const OTHER_NAMES = DEMO_MEMBERS.filter((m) => m.id !== KIEHLS).map(
  (m) => m.name,
);

/** Every `member_id` anywhere in an answer. */
function memberIdsIn(value: unknown): unknown[] {
  if (Array.isArray(value)) return value.flatMap(memberIdsIn);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    key === 'member_id' ? [inner] : memberIdsIn(inner),
  );
}

/** Sums a list of kilograms to the gram. */
const sumKg = (values: readonly number[]) =>
  values.reduce((total, kg) => total + Math.round(kg * 1000), 0) / 1000;

/**
 * The analytics reads (issue 22; docs/decisions/0102): the same figure is
 * the dashboard's and the end-of-life screen's for the same period and
 * scope; a brand user gets their own member whatever they send and never
 * another member's name; bad periods are refused with 400. The test
 * server checks every answer against the contract.
 */
describeOnEachDatabase('analytics', (engine) => {
  const server = signedInServer(engine);
  const { call, json } = server;
  const thisMonth = contractMonth(monthStartOf(new Date()));

  describe('GET /api/analytics/series', () => {
    it.each([
      ['the whole collective', ADMIN, ''],
      [
        "a member a collective admin chose (Kiehl's)",
        ADMIN,
        `member_id=${KIEHLS}`,
      ],
      ["a brand admin's own member", BRAND_ADMIN, ''],
    ])(
      "gives %s the dashboard's collected weight and units for the last 12 months and this month",
      async (_what, who, query) => {
        const series = await json(
          AnalyticsSeriesSchema,
          `${SERIES}?${query}`,
          who,
        );
        const dashboard = await json(
          DashboardSummarySchema,
          `/api/dashboard/summary?${query}`,
          who,
        );
        expect(series.scope).toEqual(dashboard.scope);
        expect(series.to).toBe(thisMonth);
        expect(series.buckets).toHaveLength(12);
        expect(series.totals.current.weight_kg).toBe(
          dashboard.kpis.weight_kg_12m,
        );
        expect(series.totals.current.units).toBe(dashboard.kpis.units_12m);
        const last = series.buckets[11];
        expect(last?.current.weight_kg).toBe(dashboard.kpis.weight_kg_month);
        expect(last?.current.units).toBe(dashboard.kpis.units_month);
        // Sorted weight per material, month by month, is the dashboard's chart.
        for (const [index, bucket] of series.buckets.entries()) {
          expect(bucket.first).toBe(dashboard.monthly[index]?.month);
          expect(bucket.materials).toEqual(dashboard.monthly[index]?.materials);
        }
        expect(series.totals.current.weight_kg).toBeGreaterThan(0);
      },
    );

    it('splits the figures by channel, and the channels add up to the whole', async () => {
      const { totals, buckets } = await json(AnalyticsSeriesSchema, SERIES);
      expect(totals.channels.map((c) => c.channel)).toEqual([
        'in-store',
        'kiosk',
        'mail-back',
      ]);
      const sum = (key: 'shipments' | 'units') =>
        totals.channels.reduce((total, c) => total + c[key], 0);
      expect(sum('shipments')).toBe(totals.current.shipments);
      expect(sum('units')).toBe(totals.current.units);
      expect(
        Math.abs(
          sumKg(totals.channels.map((c) => c.weight_kg)) -
            totals.current.weight_kg,
        ),
      ).toBeLessThanOrEqual(0.15);
      // Sorted + unsorted is what was collected.
      expect(
        Math.abs(
          sumKg([
            ...totals.materials.map((m) => m.weight_kg),
            totals.unsorted_kg,
          ]) - totals.current.weight_kg,
        ),
      ).toBeLessThanOrEqual(0.4);
      expect(buckets.reduce((total, b) => total + b.current.shipments, 0)).toBe(
        totals.current.shipments,
      );
    });

    it('groups months into calendar quarters and years, the period cutting the first and last', async () => {
      const from = '2025-02';
      const to = '2026-04';
      const months = await json(
        AnalyticsSeriesSchema,
        `${SERIES}?from=${from}&to=${to}`,
      );
      const quarters = await json(
        AnalyticsSeriesSchema,
        `${SERIES}?from=${from}&to=${to}&interval=quarter`,
      );
      const years = await json(
        AnalyticsSeriesSchema,
        `${SERIES}?from=${from}&to=${to}&interval=year`,
      );
      expect(months.buckets).toHaveLength(15);
      expect(quarters.buckets.map((b) => [b.first, b.last])).toEqual([
        ['2025-02', '2025-03'],
        ['2025-04', '2025-06'],
        ['2025-07', '2025-09'],
        ['2025-10', '2025-12'],
        ['2026-01', '2026-03'],
        ['2026-04', '2026-04'],
      ]);
      expect(years.buckets.map((b) => [b.first, b.last])).toEqual([
        ['2025-02', '2025-12'],
        ['2026-01', '2026-04'],
      ]);
      for (const answer of [quarters, years]) {
        expect(answer.totals).toEqual(months.totals);
        expect(answer.buckets.reduce((t, b) => t + b.current.units, 0)).toBe(
          months.totals.current.units,
        );
      }
      const q2 = quarters.buckets[1];
      expect(q2?.current.shipments).toBe(
        months.buckets.slice(2, 5).reduce((t, b) => t + b.current.shipments, 0),
      );
    });

    it('compares each bucket with the same months a year earlier, which are that period’s own figures', async () => {
      const now = monthStartOf(new Date());
      const to = contractMonth(now);
      const from = contractMonth(addMonths(now, -5));
      const current = await json(
        AnalyticsSeriesSchema,
        `${SERIES}?from=${from}&to=${to}&interval=quarter`,
      );
      const before = await json(
        AnalyticsSeriesSchema,
        `${SERIES}?from=${contractMonth(addMonths(now, -17))}&to=${contractMonth(addMonths(now, -12))}&interval=quarter`,
      );
      expect(current.totals.year_ago).toEqual(before.totals.current);
      expect(current.buckets.map((b) => b.year_ago)).toEqual(
        before.buckets.map((b) => b.current),
      );
      expect(current.totals.year_ago.weight_kg).toBeGreaterThan(0);
    });

    it('gives a brand user their own member whatever member_id they send, naming no other member', async () => {
      const response = await call(BRAND_ADMIN, 'GET', `${SERIES}?member_id=5`);
      expect(response.statusCode).toBe(200);
      const answer = response.json<{ scope: unknown }>();
      expect(answer.scope).toEqual({
        member_id: KIEHLS,
        member_name: "Kiehl's",
      });
      expect(memberIdsIn(answer)).toEqual([KIEHLS]);
      for (const name of OTHER_NAMES) expect(response.body).not.toContain(name);
      const own = await call(BRAND_ADMIN, 'GET', SERIES);
      expect(response.body).toBe(own.body);
    });
  });

  describe('GET /api/analytics/pact', () => {
    it("gives the collective's impact with the dashboard's and the end-of-life screen's rates", async () => {
      const pact = await json(PactAnalyticsSchema, PACT);
      const dashboard = await json(
        DashboardSummarySchema,
        '/api/dashboard/summary',
      );
      const eol = await json(EolSummarySchema, '/api/eol/summary');
      expect(pact.scope).toEqual({ member_id: null, member_name: null });
      expect(pact.share).toBeNull();
      expect(pact.months).toHaveLength(12);
      expect(pact.totals.collected_kg).toBe(dashboard.kpis.weight_kg_12m);
      expect(pact.totals.recycling_rate).toBe(dashboard.kpis.recycled_share);
      expect(pact.totals.recycling_rate).toBe(eol.recycling_rate);
      expect(pact.totals.diversion_rate).toBe(eol.diversion_rate);
      expect(pact.totals.diversion_rate).toBeGreaterThanOrEqual(
        pact.totals.recycling_rate,
      );
      expect(pact.totals.confirmed_kg).toBeGreaterThan(0);
      // Per outcome, the end-of-life screen's confirmed weights summed over materials.
      for (const outcome of ['recycled', 'landfill'] as const) {
        // In grams, so that float noise never tips a 0.05 kg rounding over.
        expect(
          Math.abs(
            Math.round(pact.totals.outcomes[outcome] * 1000) -
              Math.round(
                sumKg(eol.materials.map((m) => m.confirmed[outcome])) * 1000,
              ),
          ),
        ).toBeLessThanOrEqual(50);
      }
      expect(
        pact.tiers.reduce((t, tier) => t + tier.members, 0),
      ).toBeGreaterThan(1);
      expect(
        Math.abs(
          sumKg(pact.programs.map((p) => p.collected_kg)) -
            pact.totals.collected_kg,
        ),
      ).toBeLessThanOrEqual(0.15);
    });

    it("gives a brand admin their own member's impact and share, never another member's figures", async () => {
      const response = await call(BRAND_ADMIN, 'GET', `${PACT}?member_id=5`);
      expect(response.statusCode).toBe(200);
      for (const name of OTHER_NAMES) expect(response.body).not.toContain(name);
      const own = await json(PactAnalyticsSchema, PACT, BRAND_ADMIN);
      expect(response.body).toBe(JSON.stringify(own));
      expect(own.scope).toEqual({ member_id: KIEHLS, member_name: "Kiehl's" });
      expect(own.tiers).toHaveLength(1);
      expect(own.tiers[0]?.members).toBe(1);
      const dashboard = await json(
        DashboardSummarySchema,
        '/api/dashboard/summary',
        BRAND_ADMIN,
      );
      expect(own.totals.collected_kg).toBe(dashboard.kpis.weight_kg_12m);
      expect(own.totals.recycling_rate).toBe(dashboard.kpis.recycled_share);
      const collective = await json(PactAnalyticsSchema, PACT);
      expect(own.share?.collected).toBeCloseTo(
        own.totals.collected_kg / collective.totals.collected_kg,
        3,
      );
      expect(own.share?.collected).toBeGreaterThan(0);
      expect(own.share?.collected).toBeLessThan(1);
    });
  });

  describe('GET /api/analytics/regions', () => {
    it.each([
      ['the whole collective', ADMIN, ''],
      ["a brand admin's own member", BRAND_ADMIN, 'member_id=5'],
    ])(
      "gives %s the dashboard's collected weight and active stores, per region and state",
      async (_what, who, query) => {
        const regions = await json(
          RegionalSummarySchema,
          `${REGIONS}?${query}`,
          who,
        );
        const dashboard = await json(
          DashboardSummarySchema,
          '/api/dashboard/summary',
          who,
        );
        expect(regions.scope).toEqual(dashboard.scope);
        expect(regions.totals.weight_kg).toBe(dashboard.kpis.weight_kg_12m);
        expect(regions.totals.active_stores).toBe(dashboard.kpis.active_stores);
        expect(regions.regions.map((r) => r.region)).toEqual([
          'West',
          'Mountain',
          'Midwest',
          'South',
          'Northeast',
        ]);
        for (const region of regions.regions) {
          expect(region.states.reduce((t, s) => t + s.stores, 0)).toBe(
            region.stores,
          );
          expect(
            Math.abs(
              sumKg(region.states.map((s) => s.weight_kg)) - region.weight_kg,
            ),
          ).toBeLessThanOrEqual(0.05 * region.states.length + 1e-9); // float noise
          if (region.active_stores > 0) {
            expect(region.weight_per_store_kg).toBeCloseTo(
              region.weight_kg / region.active_stores,
              0,
            );
          } else {
            expect(region.weight_per_store_kg).toBeNull();
          }
        }
        // The demo's cities all have a known state.
        expect(
          regions.regions
            .flatMap((r) => r.states)
            .filter((s) => s.stores > 0 && s.state === null),
        ).toEqual([]);
      },
    );

    it('names no other member to a brand admin', async () => {
      const response = await call(BRAND_ADMIN, 'GET', REGIONS);
      for (const name of OTHER_NAMES) expect(response.body).not.toContain(name);
      expect(memberIdsIn(response.json())).toEqual([KIEHLS]);
    });
  });

  it('gives the same collected weight on all three answers for random periods and scopes', async () => {
    const now = monthStartOf(new Date());
    const cases = fc.sample(
      fc.record({
        end: fc.integer({ min: 0, max: 24 }),
        length: fc.integer({ min: 1, max: 30 }),
        member: fc.constantFrom(null, KIEHLS, 5, 1009),
      }),
      { numRuns: 6, seed: 22 },
    );
    for (const { end, length, member } of cases) {
      const to = addMonths(now, -end);
      const query = `from=${contractMonth(addMonths(to, 1 - length))}&to=${contractMonth(to)}${member === null ? '' : `&member_id=${member}`}`;
      const series = await json(AnalyticsSeriesSchema, `${SERIES}?${query}`);
      const pact = await json(PactAnalyticsSchema, `${PACT}?${query}`);
      const regions = await json(RegionalSummarySchema, `${REGIONS}?${query}`);
      expect(pact.totals.collected_kg, query).toBe(
        series.totals.current.weight_kg,
      );
      expect(regions.totals.weight_kg, query).toBe(
        series.totals.current.weight_kg,
      );
      expect(series.scope.member_id, query).toBe(member);
    }
  });

  describe('CSV exports', () => {
    it("gives the series' buckets as CSV rows, the scope's own, and records the export", async () => {
      const series = await json(
        AnalyticsSeriesSchema,
        `${SERIES}?interval=quarter`,
        BRAND_ADMIN,
      );
      const response = await call(
        BRAND_ADMIN,
        'GET',
        `${SERIES}/export?interval=quarter&member_id=5`,
      );
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/csv/);
      expect(response.headers['content-disposition']).toMatch(
        new RegExp(
          `analytics-quarter-member-${KIEHLS}-${series.from}-to-${series.to}\\.csv`,
        ),
      );
      const lines = response.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toBe(
        'first_month,last_month,weight_kg,weight_kg_year_ago,units,units_year_ago,shipments,shipments_year_ago,in_store_kg,kiosk_kg,mail_back_kg,unsorted_kg',
      );
      expect(lines).toHaveLength(series.buckets.length + 1);
      const first = series.buckets[0];
      expect(lines[1]?.split(',').slice(0, 5)).toEqual([
        first?.first,
        first?.last,
        String(first?.current.weight_kg),
        String(first?.year_ago.weight_kg),
        String(first?.current.units),
      ]);
      const [audit] = await server.db.query<{
        member_id: number | null;
        entity_id: string;
      }>(
        `SELECT member_id, entity_id FROM audit_events
          WHERE entity = 'export' ORDER BY id DESC LIMIT 1`,
      );
      expect(audit).toEqual({
        member_id: KIEHLS,
        entity_id: 'analyticsSeriesExport',
      });
    });

    it("gives the impact as CSV rows per month, program and tier with the totals, a brand admin's own", async () => {
      const pact = await json(PactAnalyticsSchema, PACT, BRAND_ADMIN);
      const response = await call(
        BRAND_ADMIN,
        'GET',
        `${PACT}/export?member_id=5`,
      );
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toMatch(
        new RegExp(`pact-member-${KIEHLS}-${pact.from}-to-${pact.to}\\.csv`),
      );
      const lines = response.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toBe(
        'section,name,collected_kg,confirmed_kg,recycled_kg,downcycled_kg,energy_recovery_kg,landfill_kg,recycling_rate,diversion_rate,members',
      );
      const rows = lines.slice(1).map((line) => line.split(','));
      const sections = (name: string) =>
        rows.filter((cells) => cells[0] === name);
      expect(sections('month').map((cells) => cells[1])).toEqual(
        pact.months.map((m) => m.month),
      );
      expect(sections('program')).toHaveLength(pact.programs.length);
      expect(sections('tier').map((cells) => cells[10])).toEqual(
        pact.tiers.map((t) => String(t.members)),
      );
      expect(sections('total')).toEqual([
        [
          'total',
          '',
          String(pact.totals.collected_kg),
          String(pact.totals.confirmed_kg),
          String(pact.totals.outcomes.recycled),
          String(pact.totals.outcomes.downcycled),
          String(pact.totals.outcomes.energy_recovery),
          String(pact.totals.outcomes.landfill),
          String(pact.totals.recycling_rate),
          String(pact.totals.diversion_rate),
          '',
        ],
      ]);
      // The months add up to the totals, within each month's rounding to 0.1 kg.
      expect(
        Math.abs(
          sumKg(sections('month').map((cells) => Number(cells[2]))) -
            pact.totals.collected_kg,
        ),
      ).toBeLessThanOrEqual(0.05 * pact.months.length + 1e-9);
    });

    it('gives a row per region and per state, adding up to the summary', async () => {
      const summary = await json(RegionalSummarySchema, REGIONS);
      const response = await call(ADMIN, 'GET', `${REGIONS}/export`);
      expect(response.statusCode).toBe(200);
      const lines = response.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      const rows = lines.slice(1).map((line) => line.split(','));
      const regionRows = rows.filter((cells) => cells[1] === '');
      expect(regionRows.map((cells) => cells[0])).toEqual(
        summary.regions.map((r) => r.region),
      );
      expect(rows).toHaveLength(
        summary.regions.length +
          summary.regions.reduce((t, r) => t + r.states.length, 0),
      );
      expect(sumKg(regionRows.map((cells) => Number(cells[4])))).toBeCloseTo(
        summary.totals.weight_kg,
        0,
      );
      expect(
        (await call(OPERATOR, 'GET', `${REGIONS}/export`)).statusCode,
      ).toBe(403);
      expect(
        (await call(ADMIN, 'GET', `${REGIONS}/export?from=2026-05&to=2026-01`))
          .statusCode,
      ).toBe(400);
    });
  });

  describe('refusals', () => {
    it.each([
      `${SERIES}?interval=week`,
      `${SERIES}?from=2026-13`,
      `${SERIES}?from=26-01`,
      `${SERIES}?from=2026-05&to=2026-04`,
      `${SERIES}?from=2020-01&to=2026-01`,
      `${SERIES}?unknown=1`,
      `${PACT}?from=1999-12&to=2000-02`,
      `${REGIONS}?to=2026-02&from=2026-03`,
      `${REGIONS}?member_id=abc`,
    ])('answers 400 to %s', async (url) => {
      const response = await call(ADMIN, 'GET', url);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json<{ error: string }>().error).toBeTruthy();
    });

    it('answers 400 when only one end is given and the period would be too long or reversed', async () => {
      const future = contractMonth(addMonths(monthStartOf(new Date()), 2));
      expect(
        (await call(ADMIN, 'GET', `${SERIES}?from=${future}`)).statusCode,
      ).toBe(400);
      expect(
        (await call(ADMIN, 'GET', `${PACT}?from=2001-01`)).statusCode,
      ).toBe(400);
    });

    it.each([SERIES, PACT, REGIONS])(
      'answers 401 without a session, 403 to a brand operator and 404 for a member that does not exist: %s',
      async (url) => {
        const anonymous = await server.server.get(url);
        expect(anonymous.statusCode).toBe(401);
        expect((await call(OPERATOR, 'GET', url)).statusCode).toBe(403);
        expect(
          (await call(ADMIN, 'GET', `${url}?member_id=999999`)).statusCode,
        ).toBe(404);
        expect((await call(SUPER, 'GET', url)).statusCode).toBe(200);
        // A brand admin's member_id is ignored, even one that does not exist.
        expect(
          (await call(BRAND_ADMIN, 'GET', `${url}?member_id=999999`))
            .statusCode,
        ).toBe(200);
      },
    );
  });

  it('keeps a cached answer per scope: the collective and a member never share one', async () => {
    const all = await call(ADMIN, 'GET', REGIONS);
    const kiehls = await call(ADMIN, 'GET', `${REGIONS}?member_id=${KIEHLS}`);
    const again = await call(ADMIN, 'GET', REGIONS);
    expect(all.body).toBe(again.body);
    expect(kiehls.body).not.toBe(all.body);
    expect(
      kiehls.json<{ scope: { member_id: number } }>().scope.member_id,
    ).toBe(KIEHLS);
  });
});
