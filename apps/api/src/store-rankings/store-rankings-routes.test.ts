import {
  StoreRankingsPageSchema,
  type StoreRanking,
  type StoreRankingsPage,
} from '@collective/api-client/contract';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths, contractMonth, monthStartOf } from '../data/months';
import { describeOnEachDatabase } from '../testing/test-databases';
import { startTestServer, type TestServer } from '../testing/test-server';

const URL = '/api/store-rankings';

/** Whether `values` never rise (`null`s last). */
function descending(values: readonly (number | null)[]): boolean {
  return values.every((value, i) => {
    const next = values[i + 1];
    if (next === undefined || next === null) return true;
    return value !== null && value >= next;
  });
}

/** Whether `values` never fall (`null`s last). */
function ascending(values: readonly (number | null)[]): boolean {
  return values.every((value, i) => {
    const next = values[i + 1];
    if (next === undefined || next === null) return true;
    return value !== null && value <= next;
  });
}

/**
 * GET /api/store-rankings (contract entry `storeRankings`): the stores of
 * the caller's scope ranked by a figure of D14 over a period, the filters,
 * the collective median beside a brand user's own stores, who may call it.
 * The test server checks every answer against the entry's response schema.
 */
describeOnEachDatabase('GET /api/store-rankings', (engine) => {
  let server: TestServer;
  let admin = '';
  let brandAdmin = '';

  beforeAll(async () => {
    server = await startTestServer(engine);
    admin = await server.login('admin@pact.test');
    brandAdmin = await server.login('brand.admin@kiehls.test');
  });
  afterAll(() => server?.close());

  async function rankings(query: string, token = admin) {
    const response = await server.get(`${URL}?${query}`, token);
    expect(response.statusCode, response.body).toBe(200);
    return v.parse(StoreRankingsPageSchema, response.json());
  }

  const everyStore = (query: string, token = admin) =>
    rankings(`page_size=100&${query}`, token);

  describe('the ranking', () => {
    it('ranks by collected weight over the last 12 months unless asked, the heaviest first', async () => {
      const body = await everyStore('');
      const now = monthStartOf(new Date());

      expect(body.metric).toBe('collected_kg');
      expect(body.period.from).toBe(addMonths(now, -11));
      expect(body.scope).toEqual({ member_id: null, member_name: null });
      expect(body.store_rankings.length).toBeGreaterThan(5);
      expect(body.store_rankings.map((s) => s.rank)).toEqual(
        body.store_rankings.map((_, i) => i + 1),
      );
      expect(descending(body.store_rankings.map((s) => s.collected_kg))).toBe(
        true,
      );
    });

    it("counts a store's collected weight as the net weight of its receipts in the period (D14)", async () => {
      const period = contractMonth(addMonths(monthStartOf(new Date()), -1));
      const [top] = (await rankings(`period=${period}&page_size=1`))
        .store_rankings;
      const [net] = await server.db.query<{ kg: number }>(
        `SELECT round(coalesce(sum(r.net_kg), 0), 1)::float8 AS kg
           FROM receipts r JOIN shipments sh ON sh.id = r.shipment_id
          WHERE sh.store_id = $1
            AND to_char(sh.received_at AT TIME ZONE 'UTC', 'YYYY-MM') = $2`,
        [top?.id, period],
      );
      expect(top?.collected_kg).toBeGreaterThan(0);
      expect(top?.collected_kg).toBe(net?.kg);
    });

    it.each([
      ['kg_per_active_month', descending],
      ['growth', descending],
      ['contamination_rate', ascending],
    ] as const)(
      'ranks by %s, the best first and stores without the figure last',
      async (metric, inOrder) => {
        const body = await everyStore(`metric=${metric}`);
        const values = body.store_rankings.map(
          (s) => s[metric as keyof StoreRanking] as number | null,
        );
        expect(body.metric).toBe(metric);
        expect(body.store_rankings[0]?.rank).toBe(1);
        expect(inOrder(values)).toBe(true);
        expect(values.some((value) => value !== null)).toBe(true);
      },
    );

    it('sorts a page on the server and keeps each store its rank', async () => {
      const byRank = await everyStore('metric=growth');
      const byName = await everyStore('metric=growth&sort=name');
      const rankOf = new Map(byRank.store_rankings.map((s) => [s.id, s.rank]));
      const names = byName.store_rankings.map((s) => s.name);

      expect(names).toEqual(
        [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
      );
      for (const store of byName.store_rankings)
        expect(store.rank).toBe(rankOf.get(store.id));
    });

    it('pages: the second page goes on where the first stopped, and the total counts all', async () => {
      const first = await rankings('page_size=5');
      const second = await rankings('page_size=5&page=2');

      expect(first.total).toBeGreaterThan(10);
      expect(second.total).toBe(first.total);
      expect(second.store_rankings.map((s) => s.rank)).toEqual([
        6, 7, 8, 9, 10,
      ]);
      const past = await rankings(`page_size=100&page=${first.total}`);
      expect(past.store_rankings).toEqual([]);
      expect(past.median.stores).toBe(first.total);
    });
  });

  describe('the filters', () => {
    it('limits the stores to a region and a channel', async () => {
      const all = await everyStore('');
      const west = await everyStore('region=West');
      const kiosks = await everyStore('channel=kiosk');

      expect(west.total).toBeGreaterThan(0);
      expect(west.total).toBeLessThan(all.total);
      expect(west.store_rankings.every((s) => s.region === 'West')).toBe(true);
      expect(kiosks.total).toBeGreaterThan(0);
      expect(kiosks.store_rankings.every((s) => s.channel === 'kiosk')).toBe(
        true,
      );
      expect(west.median.stores).toBe(west.total);
    });

    it('reads a year and a month, and compares growth with the period before', async () => {
      const lastYear = String(new Date().getUTCFullYear() - 1);
      const year = await rankings(`period=${lastYear}&page_size=1`);
      const month = await rankings(`period=${lastYear}-02&page_size=1`);

      expect(year.period).toEqual({
        from: `${lastYear}-01-01`,
        to: `${lastYear}-12-31`,
      });
      expect(month.period.to).toMatch(new RegExp(`^${lastYear}-02-2[89]$`));
    });

    it('leaves out the stores open fewer days of the period than min_active_days', async () => {
      const month = addMonths(monthStartOf(new Date()), -1);
      const [store] = (
        await rankings(`period=${contractMonth(month)}&page_size=1`)
      ).store_rankings;
      // The store opened on the 11th of that month: 10 days before it were
      // closed (put back afterwards, for the other tests' answers).
      const [{ opened_at: openedAt } = { opened_at: '' }] =
        await server.db.query<{
          opened_at: string;
        }>(
          'UPDATE stores s SET opened_at = $2 FROM stores o WHERE s.id = $1 AND o.id = s.id RETURNING o.opened_at::text',
          [store?.id, `${month.slice(0, 8)}11T00:00:00Z`],
        );
      const daysInMonth = Number(
        (
          await rankings(`period=${contractMonth(month)}&page_size=1&sort=name`)
        ).period.to.slice(8),
      );

      const lenient = await everyStore(
        `period=${contractMonth(month)}&min_active_days=${daysInMonth - 10}`,
      );
      const strict = await everyStore(
        `period=${contractMonth(month)}&min_active_days=${daysInMonth - 9}`,
      );

      await server.db.query('UPDATE stores SET opened_at = $2 WHERE id = $1', [
        store?.id,
        openedAt,
      ]);
      const opened = lenient.store_rankings.find((s) => s.id === store?.id);
      expect(opened?.active_days).toBe(daysInMonth - 10);
      expect(strict.store_rankings.some((s) => s.id === store?.id)).toBe(false);
      expect(
        strict.store_rankings.every((s) => s.active_days >= daysInMonth - 9),
      ).toBe(true);
    });

    it.each([
      'period=2026-13',
      'period=26',
      'region=Atlantis',
      'channel=mail-back',
      'metric=units',
      'min_active_days=-1',
      'min_active_days=400',
      'sort=nonsense',
      'page_size=101',
    ])('refuses %s with a 400 that names the field', async (query) => {
      const response = await server.get(`${URL}?${query}`, admin);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error).toMatch(query.split('=')[0] as string);
    });
  });

  describe('the scope', () => {
    let kiehlsStores: Set<number>;
    let own: StoreRankingsPage;

    beforeAll(async () => {
      kiehlsStores = new Set(
        (
          await server.db.query<{ id: number }>(
            'SELECT id FROM stores WHERE member_id = 2',
          )
        ).map((row) => row.id),
      );
      own = await everyStore('', brandAdmin);
    });

    it("ranks a brand user's own stores only, whatever member_id they send", async () => {
      const asked = await everyStore('member_id=3', brandAdmin);

      for (const body of [own, asked]) {
        expect(body.scope).toEqual({ member_id: 2, member_name: "Kiehl's" });
        expect(body.total).toBe(kiehlsStores.size);
        expect(body.store_rankings.every((s) => kiehlsStores.has(s.id))).toBe(
          true,
        );
        expect(
          body.store_rankings.every((s) => s.member_name === "Kiehl's"),
        ).toBe(true);
      }
      expect(own.store_rankings.map((s) => s.rank)).toEqual(
        own.store_rankings.map((_, i) => i + 1),
      );
    });

    it('gives a brand user the collective median of every figure, over every store and without a name', async () => {
      const collective = await everyStore('');

      expect(own.median).toEqual(collective.median);
      expect(own.median.stores).toBe(collective.total);
      expect(own.median.stores).toBeGreaterThan(own.total);
      expect(own.median.collected_kg).toBeGreaterThan(0);
      expect(Object.keys(own.median).sort()).toEqual([
        'collected_kg',
        'contamination_rate',
        'growth',
        'kg_per_active_month',
        'stores',
      ]);
      const weights = collective.store_rankings
        .map((s) => s.collected_kg)
        .sort((a, b) => a - b);
      const middle = weights.length / 2;
      const median =
        weights.length % 2
          ? weights[Math.floor(middle)]
          : ((weights[middle - 1] ?? 0) + (weights[middle] ?? 0)) / 2;
      // The server takes the median of unrounded weights and rounds it to
      // 0.1 kg; this median of the rounded weights may differ by 0.1 kg.
      expect(
        Math.abs(own.median.collected_kg - (median ?? -1)),
      ).toBeLessThanOrEqual(0.1 + 1e-9);
    });

    it('answers a collective admin for the member asked for, and 404 for a member that does not exist', async () => {
      const lumen = await everyStore('member_id=3');
      expect(lumen.scope).toEqual({
        member_id: 3,
        member_name: 'Lumen Skincare',
      });
      expect(lumen.store_rankings.every((s) => !kiehlsStores.has(s.id))).toBe(
        true,
      );
      expect(
        lumen.store_rankings.every((s) => s.member_name === 'Lumen Skincare'),
      ).toBe(true);

      const missing = await server.get(`${URL}?member_id=999999`, admin);
      expect(missing.statusCode, missing.body).toBe(404);
    });

    it("keeps the kiehls tenant to Kiehl's stores, even for a collective admin", async () => {
      const response = await server.get(`${URL}?page_size=100`, admin, {
        'x-tenant-code': 'kiehls',
      });
      expect(response.statusCode, response.body).toBe(200);
      const body = v.parse(StoreRankingsPageSchema, response.json());
      expect(body.scope.member_id).toBe(2);
      expect(body.store_rankings.every((s) => kiehlsStores.has(s.id))).toBe(
        true,
      );
    });

    it('refuses brand operators with 403, and answers 401 without a session or with a bad token', async () => {
      const operator = await server.login('operator@kiehls.test');
      expect((await server.get(URL, operator)).statusCode).toBe(403);
      expect((await server.get(URL)).statusCode).toBe(401);
      expect((await server.get(URL, 'not-a-token')).statusCode).toBe(401);
    });
  });
});
