import {
  DashboardSummarySchema,
  MATERIALS,
  StoreDetailSchema,
  StoresPageSchema,
  type Store,
} from '@collective/api-client/contract';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeOnEachDatabase } from '../testing/test-databases';
import { present } from '../testing/present';
import { startTestServer, type TestServer } from '../testing/test-server';
import { addMonths, contractMonth, monthStartOf } from './months';
import { rebuildRollups } from './rollups';

const KIEHLS = { member_id: 2, member_name: "Kiehl's" };
const LUMEN = { member_id: 3, member_name: 'Lumen Skincare' };
const COLLECTIVE = { member_id: null, member_name: null };
const KIEHLS_TENANT = { 'x-tenant-code': 'kiehls' };

describeOnEachDatabase('data routes', (engine) => {
  let server: TestServer;
  /** Tokens of the demo accounts, by a short name. */
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    // The rollups' version is read on every request, so a change the tests
    // write is seen on the next one; its reuse for a second is tested in
    // rollups.test.ts.
    server = await startTestServer(engine, { dataVersionMaxAgeMs: 0 });
    for (const [name, email] of Object.entries({
      superAdmin: 'super@pact.test',
      admin: 'admin@pact.test',
      staff: 'staff@pact.test',
      brandAdmin: 'brand.admin@kiehls.test',
      operator: 'operator@kiehls.test',
      special: 'special.admin@member1009.test',
      viewer: 'nobody@pact.test',
    })) {
      tokens[name] = await server.login(email);
    }
  });
  afterAll(() => server?.close());

  const token = (name: string) => present(tokens[name], `a token of ${name}`);
  const json = async (
    url: string,
    who: string,
    headers: Record<string, string> = {},
  ) => {
    const response = await server.get(url, token(who), headers);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  /**
   * What the shipments themselves say for a member (or all), computed
   * straight from the raw tables, to check the rollups against.
   */
  async function truth(memberId: number | null) {
    const now = new Date();
    const current = monthStartOf(now);
    const first = addMonths(current, -11);
    const member = memberId === null ? '' : 'AND s.member_id = $3';
    const params =
      memberId === null ? [first, current] : [first, current, memberId];
    const [totals] = await server.db.query<{
      weight_month: number;
      weight_12m: number;
      units_month: number;
      units_12m: number;
      in_transit: number;
    }>(
      // Collected weight (D14) is the net received, in the month received;
      // shipments and units count in the month they were sent.
      `SELECT coalesce(sum(r.net_kg) FILTER (WHERE sh.received_at >= $2::date), 0)::float8 AS weight_month,
              coalesce(sum(r.net_kg) FILTER (WHERE sh.received_at >= $1::date), 0)::float8 AS weight_12m,
              coalesce(sum(sh.units) FILTER (WHERE sh.shipped_at >= $2::date), 0)::int AS units_month,
              coalesce(sum(sh.units) FILTER (WHERE sh.shipped_at >= $1::date), 0)::int AS units_12m,
              count(*) FILTER (WHERE sh.status = 'in_transit')::int AS in_transit
         FROM shipments sh JOIN stores s ON s.id = sh.store_id
         LEFT JOIN receipts r ON r.shipment_id = sh.id
        WHERE true ${member}`,
      params,
    );
    // The recycling rate of D14: recycled + downcycled over the weight with
    // a confirmed outcome, of the material received in the 12 months.
    const [outcomes] = await server.db.query<{ share: number }>(
      `SELECT (sum(ls.weight_kg) FILTER (WHERE l.outcome IN ('recycled', 'downcycled'))
               / sum(ls.weight_kg))::float8 AS share
         FROM lot_sources ls
         JOIN eol_lots l ON l.id = ls.lot_id AND l.status = 'confirmed'
         JOIN shipments sh ON sh.id = ls.shipment_id
         JOIN stores s ON s.id = sh.store_id
        WHERE sh.received_at >= $1::date AND sh.received_at < ($2::date + interval '1 month') ${member}`,
      params,
    );
    // Sorted weight per material, in the month received.
    const [sorted] = await server.db.query<{ sorted_12m: number }>(
      `SELECT coalesce(sum(m.weight_kg), 0)::float8 AS sorted_12m
         FROM shipment_materials m
         JOIN shipments sh ON sh.id = m.shipment_id
         JOIN stores s ON s.id = sh.store_id
        WHERE sh.received_at >= $1::date AND sh.received_at < ($2::date + interval '1 month') ${member}`,
      params,
    );
    const [stores] = await server.db.query<{ active: number }>(
      `SELECT count(*)::int AS active FROM stores s WHERE active ${member.replace('$3', '$1')}`,
      memberId === null ? [] : [memberId],
    );
    return {
      ...present(totals, 'totals'),
      share: present(outcomes, 'outcomes').share,
      sorted_12m: present(sorted, 'sorted').sorted_12m,
      active: present(stores, 'stores').active,
    };
  }

  describe('GET /api/dashboard/summary', () => {
    it("answers the contract's shape: this month, the 12 months before it with every material, and at most five top stores", async () => {
      const body = v.parse(
        DashboardSummarySchema,
        await json('/api/dashboard/summary', 'admin'),
      );

      const current = contractMonth(monthStartOf(new Date()));
      expect(body.success).toBe(true);
      expect(body.scope).toEqual(COLLECTIVE);
      expect(body.month).toBe(current);
      expect(body.monthly.map((m) => m.month)).toEqual(
        Array.from({ length: 12 }, (_, i) =>
          contractMonth(addMonths(monthStartOf(new Date()), i - 11)),
        ),
      );
      for (const month of body.monthly) {
        expect(month.materials.map((m) => m.material)).toEqual(
          MATERIALS.map((m) => m.code),
        );
      }
      expect(body.top_stores).toHaveLength(5);
      const weights = body.top_stores.map((s) => s.weight_kg_12m);
      expect(weights).toEqual([...weights].sort((a, b) => b - a));
    });

    it.each([
      ['the whole collective', 'admin', '', null],
      ["Kiehl's", 'brandAdmin', '', 2],
      [
        'Lumen Skincare, asked for by a collective admin',
        'superAdmin',
        '?member_id=3',
        3,
      ],
    ])(
      'gives %s the figures the shipments themselves add up to',
      async (_scope, who, query, memberId) => {
        const body = await json(`/api/dashboard/summary${query}`, who);
        const expected = await truth(memberId);

        expect(body.kpis.weight_kg_month).toBeCloseTo(expected.weight_month, 0);
        expect(body.kpis.weight_kg_12m).toBeCloseTo(expected.weight_12m, 0);
        expect(body.kpis.units_month).toBe(expected.units_month);
        expect(body.kpis.units_12m).toBe(expected.units_12m);
        expect(body.kpis.shipments_in_transit).toBe(expected.in_transit);
        expect(body.kpis.active_stores).toBe(expected.active);
        expect(body.kpis.recycled_share).toBeCloseTo(expected.share, 3);
        expect(body.kpis.weight_kg_12m).toBeGreaterThan(0);
        expect(body.kpis.shipments_in_transit).toBeGreaterThan(0);
        const monthly = body.monthly.reduce(
          (sum: number, month: { materials: { weight_kg: number }[] }) =>
            sum + month.materials.reduce((s, m) => s + m.weight_kg, 0),
          0,
        );
        // The chart shows the sorted lines: the collected weight less residue
        // and what is not sorted yet.
        expect(Math.abs(monthly - expected.sorted_12m)).toBeLessThan(5);
        expect(monthly).toBeLessThan(expected.weight_12m);
      },
    );

    it('gives a brand user their own member whatever member_id they send', async () => {
      const asked = await json(
        '/api/dashboard/summary?member_id=3',
        'operator',
      );
      const own = await json('/api/dashboard/summary', 'operator');

      expect(asked.scope).toEqual(KIEHLS);
      expect(asked).toEqual(own);
      expect(
        asked.top_stores.every(
          (s: { member_name: string }) => s.member_name === "Kiehl's",
        ),
      ).toBe(true);
    });

    it("limits a collective admin on the kiehls tenant to Kiehl's, whatever member_id says", async () => {
      const body = await json(
        '/api/dashboard/summary?member_id=3',
        'staff',
        KIEHLS_TENANT,
      );

      expect(body.scope).toEqual(KIEHLS);
      expect(body).toEqual(await json('/api/dashboard/summary', 'brandAdmin'));
    });

    it('refuses a brand user of another member on the kiehls tenant, and a user of no member, with 403', async () => {
      const special = await server.get(
        '/api/dashboard/summary',
        token('special'),
        KIEHLS_TENANT,
      );
      const viewer = await server.get(
        '/api/dashboard/summary',
        token('viewer'),
      );

      expect(special.statusCode).toBe(403);
      expect(special.json().message).toMatch(/Kiehl's data only/);
      expect(viewer.statusCode).toBe(403);
    });

    it('answers 404 when a collective admin asks for a member that does not exist', async () => {
      const response = await server.get(
        '/api/dashboard/summary?member_id=999',
        token('admin'),
      );

      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: 'Not found',
        message: 'There is no member 999.',
      });
    });

    it.each([
      ['member_id=0', 'must be a positive whole number'],
      ['member_id=abc', 'must be a positive whole number'],
      ['member=2', 'member is not allowed'],
    ])('refuses ?%s with a JSON 400', async (query, error) => {
      const response = await server.get(
        `/api/dashboard/summary?${query}`,
        token('admin'),
      );

      expect(response.statusCode).toBe(400);
      expect(response.json().error).toContain(error);
    });

    it('requires a session or an API key', async () => {
      expect((await server.get('/api/dashboard/summary')).statusCode).toBe(401);
    });

    it('shows a change of the shipments on the next request once the rollups are rebuilt', async () => {
      const before = await json('/api/dashboard/summary', 'brandAdmin');
      const [store] = await server.db.query<{ id: number }>(
        'SELECT id FROM stores WHERE member_id = 2 ORDER BY id LIMIT 1',
      );
      const storeId = present(store, "a store of Kiehl's").id;

      await server.db.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO shipments (store_id, member_id, tracking_number, shipped_at, status, units)
           VALUES ($1, 2, 'TEST-IN-TRANSIT', now() - interval '1 minute', 'in_transit', 40)`,
          [storeId],
        );
        await rebuildRollups(tx, [storeId]);
      });
      const after = await json('/api/dashboard/summary', 'brandAdmin');

      expect(after.kpis.shipments_in_transit).toBe(
        before.kpis.shipments_in_transit + 1,
      );
      expect(after.kpis.units_month).toBe(before.kpis.units_month + 40);
    });
  });

  describe('GET /api/stores', () => {
    const page = async (query: string, who = 'admin') =>
      v.parse(StoresPageSchema, await json(`/api/stores${query}`, who));

    it('lists the first 25 stores by name with the total, in the contract shape', async () => {
      const body = await page('');
      const [count] = await server.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM stores',
      );

      expect(body.scope).toEqual(COLLECTIVE);
      expect(body.page).toBe(1);
      expect(body.page_size).toBe(25);
      expect(body.total).toBe(count?.n);
      expect(body.total).toBeGreaterThanOrEqual(60);
      expect(body.stores).toHaveLength(25);
      const names = body.stores.map((s) => s.name);
      expect(names).toEqual([...names].sort());
    });

    it('pages through every store once, and past the end answers an empty page with the total', async () => {
      const seen: number[] = [];
      let total = 0;
      for (let n = 1; ; n += 1) {
        const body = await page(`?page=${n}&page_size=20&sort=-weight`);
        total = body.total;
        if (body.stores.length === 0) break;
        seen.push(...body.stores.map((s) => s.id));
      }

      expect(seen).toHaveLength(total);
      expect(new Set(seen).size).toBe(total);
    });

    it('searches name and city in any case, and takes % and _ literally', async () => {
      const [row] = await server.db.query<{ city: string }>(
        'SELECT city FROM stores ORDER BY id LIMIT 1',
      );
      const city = present(row, 'a store').city;

      const byCity = await page(
        `?search=${encodeURIComponent(city.toUpperCase())}`,
      );
      const byName = await page('?search=kIEHL');
      const wildcard = await page('?search=%25');

      expect(byCity.total).toBeGreaterThan(0);
      expect(
        byCity.stores.every(
          (s) =>
            s.city === city ||
            s.name.toLowerCase().includes(city.toLowerCase()),
        ),
      ).toBe(true);
      expect(byName.total).toBe((await page('', 'brandAdmin')).total);
      expect(wildcard.total).toBe(0);
    });

    it.each([
      ['name', (s: Store) => s.name, 1],
      ['-name', (s: Store) => s.name, -1],
      ['city', (s: Store) => s.city, 1],
      ['-city', (s: Store) => s.city, -1],
      ['weight', (s: Store) => s.weight_kg_12m, 1],
      ['-weight', (s: Store) => s.weight_kg_12m, -1],
      ['last_shipment', (s: Store) => s.last_shipment_at ?? '', 1],
      ['-last_shipment', (s: Store) => s.last_shipment_at ?? '', -1],
    ] as const)('sorts by %s', async (sort, key, direction) => {
      const body = await page(`?sort=${sort}&page_size=100`);

      const keys = body.stores.map((store: Store) => key(store));
      const sorted = [...keys].sort((a, b) =>
        a < b ? -direction : a > b ? direction : 0,
      );
      expect(keys).toEqual(sorted);
    });

    it('puts stores that never shipped first when sorting by the oldest last shipment', async () => {
      const body = await page('?sort=last_shipment&page_size=5');

      expect(body.stores[0]?.last_shipment_at).toBeNull();
      expect(body.stores[0]?.shipments_12m).toBe(0);
    });

    it("gives a brand user only their member's stores, whatever member_id says", async () => {
      const body = await page('?member_id=3&page_size=100', 'brandAdmin');

      expect(body.scope).toEqual(KIEHLS);
      expect(body.total).toBeGreaterThan(0);
      expect(body.stores.every((s) => s.member_id === 2)).toBe(true);
    });

    it('gives a collective admin the member asked for', async () => {
      const body = await page('?member_id=3&page_size=100', 'superAdmin');

      expect(body.scope).toEqual(LUMEN);
      expect(body.stores.every((s) => s.member_name === 'Lumen Skincare')).toBe(
        true,
      );
    });

    it.each([
      ['sort=weight_desc', 'sort must be one of'],
      ['page=0', 'page must be a whole number from 1'],
      ['page_size=101', 'page_size must be at most 100'],
      [`search=${'x'.repeat(101)}`, 'search must be at most 100 characters'],
      ['limit=5', 'limit is not allowed'],
    ])('refuses ?%s with a JSON 400', async (query, error) => {
      const response = await server.get(`/api/stores?${query}`, token('admin'));

      expect(response.statusCode).toBe(400);
      expect(response.json().error).toContain(error);
    });
  });

  describe('GET /api/stores/:id', () => {
    const storeOf = async (memberId: number) =>
      present(
        (
          await server.db.query<{ id: number }>(
            `SELECT s.id FROM stores s JOIN store_stats st ON st.store_id = s.id
              WHERE s.member_id = $1 ORDER BY st.shipments_12m DESC LIMIT 1`,
            [memberId],
          )
        )[0],
        `a store of member ${memberId}`,
      ).id;

    it('answers a store of the scope with 12 months, every material and its 10 latest shipments', async () => {
      const id = await storeOf(2);

      const body = v.parse(
        StoreDetailSchema,
        await json(`/api/stores/${id}`, 'brandAdmin'),
      );

      expect(body.scope).toEqual(KIEHLS);
      expect(body.store.id).toBe(id);
      expect(body.monthly).toHaveLength(12);
      expect(body.monthly.at(-1)?.month).toBe(
        contractMonth(monthStartOf(new Date())),
      );
      expect(body.materials.map((m) => m.material)).toEqual(
        MATERIALS.map((m) => m.code),
      );
      const monthly = body.monthly.reduce((sum, m) => sum + m.weight_kg, 0);
      expect(Math.abs(monthly - body.store.weight_kg_12m)).toBeLessThan(1);
      expect(body.recent_shipments).toHaveLength(10);
      const times = body.recent_shipments.map((s) => s.shipped_at);
      expect(times).toEqual([...times].sort().reverse());
      const [latest] = await server.db.query<{ shipped_at: Date }>(
        'SELECT max(shipped_at) AS shipped_at FROM shipments WHERE store_id = $1',
        [id],
      );
      expect(times[0]).toBe(
        present(latest, 'a shipment').shipped_at.toISOString(),
      );
      for (const shipment of body.recent_shipments) {
        const received = ['received', 'sorted'].includes(shipment.status);
        expect(shipment.weight_kg !== null).toBe(received);
        expect(shipment.received_at !== null).toBe(received);
      }
    });

    it("answers 404 for another member's store to a brand user, whatever member_id says, exactly as for a store that does not exist", async () => {
      const lumenStore = await storeOf(3);

      const other = await server.get(
        `/api/stores/${lumenStore}?member_id=3`,
        token('operator'),
      );
      const missing = await server.get(
        '/api/stores/2147483647',
        token('operator'),
      );

      expect(other.statusCode).toBe(404);
      expect(missing.statusCode).toBe(404);
      expect(other.json().error).toBe(missing.json().error);
      expect(other.json().message).toBe(
        `There is no store ${lumenStore} in your data scope.`,
      );
    });

    it("answers 404 on the kiehls tenant for a store that is not Kiehl's, even to the super admin", async () => {
      const lumenStore = await storeOf(3);

      const onKiehls = await server.get(
        `/api/stores/${lumenStore}`,
        token('superAdmin'),
        KIEHLS_TENANT,
      );
      const onPact = await server.get(
        `/api/stores/${lumenStore}`,
        token('superAdmin'),
      );

      expect(onKiehls.statusCode).toBe(404);
      expect(onPact.statusCode).toBe(200);
      expect(onPact.json().scope).toEqual(COLLECTIVE);
    });

    it.each(['0', '-1', 'abc', '01', '2147483648'])(
      'refuses the id "%s" with a JSON 400',
      async (id) => {
        const response = await server.get(`/api/stores/${id}`, token('admin'));

        expect(response.statusCode).toBe(400);
        expect(response.json().error).toMatch(/^store id must be/);
      },
    );
  });
});

describeOnEachDatabase('data routes as the months go by', (engine) => {
  let server: TestServer;
  let now = new Date();

  beforeAll(async () => {
    server = await startTestServer(engine, { clock: () => now });
  });
  afterAll(() => server?.close());

  it('moves "this month" and the stores\' last 12 months on when the calendar does, once', async () => {
    const token = await server.login('admin@pact.test');
    const before = (await server.get('/api/dashboard/summary', token)).json();
    const seededMonth = monthStartOf(now);

    now = new Date(Date.parse(addMonths(seededMonth, 2)) + 3_600_000);
    const after = (await server.get('/api/dashboard/summary', token)).json();
    const state = await server.db.query<{ stats_month: string }>(
      "SELECT to_char(stats_month, 'YYYY-MM-DD') AS stats_month FROM rollup_state",
    );

    expect(after.month).toBe(contractMonth(addMonths(seededMonth, 2)));
    expect(after.kpis.weight_kg_month).toBe(0);
    expect(after.kpis.weight_kg_12m).toBeLessThan(before.kpis.weight_kg_12m);
    expect(state).toEqual([{ stats_month: addMonths(seededMonth, 2) }]);
    const stores = (
      await server.get('/api/stores?sort=-weight&page_size=1', token)
    ).json();
    expect(stores.stores[0].weight_kg_12m).toBe(
      after.top_stores[0].weight_kg_12m,
    );
  });
});
