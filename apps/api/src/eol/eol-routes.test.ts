import {
  AuditEventsPageSchema,
  DashboardSummarySchema,
  EolSummarySchema,
  LotDetailSchema,
  LotsPageSchema,
  LOT_STATUSES,
  OnHandSchema,
  ProcessorsSchema,
} from '@collective/api-client/contract';
import fc from 'fast-check';
import * as v from 'valibot';
import { expect, it } from 'vitest';
import { present } from '../testing/present';
import {
  ROUTE_TEST_ADMIN as ADMIN,
  signedInServer,
} from '../testing/signed-in-server';
import { describeOnEachDatabase } from '../testing/test-databases';
import { OPERATOR } from '../testing/demo-accounts';

const BRAND = 'brand.admin@kiehls.test';

describeOnEachDatabase('end-of-life lots', (engine) => {
  // A long max age: only the write itself can make its change seen at once.
  const server = signedInServer(engine, { dataVersionMaxAgeMs: 60_000 });
  const { call, json } = server;
  const summary = (who = ADMIN) =>
    json(EolSummarySchema, '/api/eol/summary', who);
  const onHandOf = async (material: string) =>
    present(
      (await summary()).materials.find((m) => m.material === material),
      material,
    ).on_hand_kg;
  async function createLot(weight: number, material = 'pet1') {
    return call(ADMIN, 'POST', '/api/eol/lots', {
      member_id: 2,
      material,
      weight_kg: weight,
      processor_id: 2,
    });
  }

  it('states the mass balance: received = sorted + residue, sorted = in lots + on hand', async () => {
    const body = await summary();
    const { balance } = body;

    expect(balance.received_kg).toBeCloseTo(
      balance.sorted_kg + balance.residue_kg,
      2,
    );
    expect(balance.sorted_kg).toBeCloseTo(
      balance.in_lots_kg + balance.on_hand_kg,
      2,
    );
    expect(balance.residue_kg).toBeGreaterThan(0);
    expect(balance.on_hand_kg).toBeGreaterThan(0);
    const onHand = body.materials.reduce((sum, m) => sum + m.on_hand_kg, 0);
    expect(onHand).toBeCloseTo(balance.on_hand_kg, 1);
    expect(body.recycling_rate).toBeGreaterThan(0);
    expect(body.diversion_rate).toBeGreaterThanOrEqual(body.recycling_rate);
  });

  it('makes a lot from material on hand, oldest first, with its chain of custody, and audits it once', async () => {
    const before = await onHandOf('pet1');
    const response = await createLot(5);

    expect(response.statusCode, response.body).toBe(201);
    const lot = v.parse(LotDetailSchema, response.json());
    expect(lot.lot).toMatchObject({
      member_id: 2,
      material: 'pet1',
      status: 'open',
      weight_kg: 5,
      version: 1,
    });
    const drawn = lot.sources.reduce((sum, s) => sum + s.weight_kg, 0);
    expect(drawn).toBeCloseTo(5, 3);
    const times = lot.sources.map((s) => s.received_at ?? '');
    expect(times).toEqual([...times].sort());
    expect(await onHandOf('pet1')).toBeCloseTo(before - 5, 2);
    const trail = await call(
      'super@pact.test',
      'GET',
      `/api/audit-events?entity=eol_lot&entity_id=${lot.lot.id}`,
    );
    expect(v.parse(AuditEventsPageSchema, trail.json()).events).toHaveLength(1);
  });

  it('refuses a lot larger than what is on hand with 422, and changes nothing', async () => {
    const before = await onHandOf('glass');
    const response = await createLot(before + 1, 'glass');

    expect(response.statusCode).toBe(422);
    expect(await onHandOf('glass')).toBeCloseTo(before, 3);
  });

  it('ships and confirms a lot; the confirmation changes the recycling rate as D14 defines; a stale or early step is 409', async () => {
    const created = v.parse(LotDetailSchema, (await createLot(20)).json());
    const id = created.lot.id;
    const early = await call(ADMIN, 'POST', `/api/eol/lots/${id}/confirm`, {
      outcome: 'recycled',
      certificate_ref: 'COD-TEST-1',
      confirmed_weight_kg: 19.5,
      version: 1,
    });
    const shipped = await call(ADMIN, 'POST', `/api/eol/lots/${id}/ship`, {
      version: 1,
    });
    const stale = await call(ADMIN, 'POST', `/api/eol/lots/${id}/ship`, {
      version: 1,
    });
    const rateOf = async () =>
      (await json(DashboardSummarySchema, '/api/dashboard/summary?member_id=2'))
        .kpis.recycled_share;
    const before = await rateOf();
    const [weights] = await server.db.query<{
      recycled: number;
      confirmed: number;
    }>(
      `SELECT coalesce(sum(smm.recycled_kg), 0)::float8 AS recycled,
              coalesce(sum(smm.processed_kg), 0)::float8 AS confirmed
         FROM member_month_materials smm
        WHERE smm.member_id = 2
          AND smm.month >= date_trunc('month', now() - interval '11 months')`,
    );
    const confirmed = await call(ADMIN, 'POST', `/api/eol/lots/${id}/confirm`, {
      outcome: 'downcycled',
      certificate_ref: 'COD-TEST-1',
      confirmed_weight_kg: 19.5,
      version: 2,
    });

    expect(early.statusCode).toBe(409);
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(stale.statusCode).toBe(409);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(v.parse(LotDetailSchema, confirmed.json()).lot).toMatchObject({
      status: 'confirmed',
      outcome: 'downcycled',
      certificate_ref: 'COD-TEST-1',
      confirmed_weight_kg: 19.5,
      version: 3,
    });
    // Downcycled counts as recycling (D14): 20 kg more of both, all of it
    // material received this month or last (what is on hand is recent).
    const w = present(weights, 'weights');
    expect(await rateOf()).toBeCloseTo(
      (w.recycled + 20) / (w.confirmed + 20),
      3,
    );
    expect(before).toBeCloseTo(w.recycled / w.confirmed, 3);
  });

  it("gives a brand admin their member's lots only: 404 for another's by id", async () => {
    const page = await json(
      LotsPageSchema,
      '/api/eol/lots?member_id=3&page_size=100',
      BRAND,
    );
    const [other] = await server.db.query<{ id: number }>(
      'SELECT id FROM eol_lots WHERE member_id = 3 LIMIT 1',
    );
    const byId = await call(
      BRAND,
      'GET',
      `/api/eol/lots/${present(other, 'a lot of member 3').id}`,
    );

    expect(page.lots.every((lot) => lot.member_id === 2)).toBe(true);
    expect(page.total).toBeGreaterThan(0);
    expect(byId.statusCode).toBe(404);
    expect((await summary(BRAND)).scope.member_id).toBe(2);
  });

  it('lists material on hand per member and material, adding up to the balance, and a lot lowers its row by its weight', async () => {
    const all = await json(OnHandSchema, '/api/eol/on-hand');
    const { balance } = await summary();
    const row = () =>
      present(
        all.on_hand.find((r) => r.member_id === 2 && r.material === 'hdpe2'),
        "Kiehl's HDPE on hand",
      );
    const before = row().on_hand_kg;

    expect(all.scope.member_id).toBeNull();
    expect(all.on_hand.every((r) => r.on_hand_kg > 0)).toBe(true);
    expect(all.on_hand.reduce((sum, r) => sum + r.on_hand_kg, 0)).toBeCloseTo(
      balance.on_hand_kg,
      1,
    );
    expect(new Set(all.on_hand.map((r) => r.member_id)).size).toBeGreaterThan(
      1,
    );
    expect((await createLot(1, 'hdpe2')).statusCode).toBe(201);
    const after = await json(OnHandSchema, '/api/eol/on-hand?member_id=2');
    expect(
      present(
        after.on_hand.find((r) => r.material === 'hdpe2'),
        'HDPE after the lot',
      ).on_hand_kg,
    ).toBeCloseTo(before - 1, 3);
  });

  it("never gives a brand user another member's lot: by list, by id (404) or by the lots export, whatever they ask", async () => {
    const [ids] = await server.db.query<{ min: number; max: number }>(
      'SELECT min(id) AS min, max(id) AS max FROM eol_lots',
    );
    const range = present(ids, 'lot ids');
    const sqlIds = async (where: string, params: unknown[]) =>
      (
        await server.db.query<{ id: number }>(
          `SELECT id FROM eol_lots WHERE member_id = 2 ${where} ORDER BY id`,
          params,
        )
      ).map((row) => String(row.id));
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: range.min, max: range.max + 1 }),
        fc.constantFrom('', 'member_id=3', 'member_id=1009', 'member_id=2'),
        fc.constantFrom(undefined, ...LOT_STATUSES),
        async (id, member, status) => {
          const [row] = await server.db.query<{ member_id: number }>(
            'SELECT member_id FROM eol_lots WHERE id = $1',
            [id],
          );
          const query = [member, status ? `status=${status}` : '']
            .filter(Boolean)
            .join('&');
          // The operator reads no lots at all; the brand admin their member's.
          expect(
            (await call(OPERATOR, 'GET', `/api/eol/lots/${id}?${member}`))
              .statusCode,
          ).toBe(403);
          const byId = await call(
            BRAND,
            'GET',
            `/api/eol/lots/${id}?${member}`,
          );
          expect(byId.statusCode, byId.body).toBe(
            row?.member_id === 2 ? 200 : 404,
          );
          if (byId.statusCode === 200) {
            const lot = v.parse(LotDetailSchema, byId.json());
            const custody = await server.db.query<{ n: number }>(
              'SELECT count(*)::int AS n FROM shipments WHERE id = ANY($1::int[]) AND member_id <> 2',
              [lot.sources.map((source) => source.shipment_id)],
            );
            expect(custody[0]?.n).toBe(0);
          }
          const wanted = await sqlIds(
            status ? 'AND status = $1' : '',
            status ? [status] : [],
          );
          const list = await json(
            LotsPageSchema,
            `/api/eol/lots?${query}&page_size=100`,
            BRAND,
          );
          expect(list.lots.every((lot) => lot.member_id === 2)).toBe(true);
          expect(list.total).toBe(wanted.length);
          const csv = await call(
            BRAND,
            'GET',
            `/api/data-export?dataset=lots&columns=id,member_id&${query}`,
          );
          expect(csv.statusCode, csv.body).toBe(200);
          const rows = csv.body
            .replace(/^\uFEFF/, '')
            .trim()
            .split(/\r?\n/)
            .slice(1)
            .filter(Boolean)
            .map((line) => line.split(','));
          expect(rows.every(([, memberId]) => memberId === '2')).toBe(true);
          expect(rows.map(([lotId]) => lotId).sort()).toEqual(
            [...wanted].sort(),
          );
        },
      ),
      { numRuns: 12 },
    );
  });

  it("gives a brand admin their member's material on hand only, and no processors (403)", async () => {
    const mine = await json(
      OnHandSchema,
      '/api/eol/on-hand?member_id=3',
      BRAND,
    );
    const processors = await call(BRAND, 'GET', '/api/eol/processors');

    expect(mine.scope.member_id).toBe(2);
    expect(mine.on_hand.length).toBeGreaterThan(0);
    expect(mine.on_hand.every((r) => r.member_id === 2)).toBe(true);
    expect(processors.statusCode).toBe(403);
  });

  it('lists the processors a lot may be sent to, by name', async () => {
    const { processors } = await json(ProcessorsSchema, '/api/eol/processors');
    const names = processors.map((p) => p.name);

    expect(processors.length).toBeGreaterThan(0);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  it('gives the confirmed outcomes of a period: a month or a year of receipt, within the last twelve months by default', async () => {
    const outcomes = (body: {
      materials: { confirmed: Record<string, number> }[];
    }) =>
      body.materials.reduce(
        (sum, m) => sum + Object.values(m.confirmed).reduce((a, b) => a + b, 0),
        0,
      );
    const thisYear = new Date().getUTCFullYear();
    const byDefault = outcomes(await summary());
    const year = outcomes(
      await json(EolSummarySchema, `/api/eol/summary?period=${thisYear}`),
    );
    const lastYear = outcomes(
      await json(EolSummarySchema, `/api/eol/summary?period=${thisYear - 1}`),
    );
    const longAgo = outcomes(
      await json(EolSummarySchema, '/api/eol/summary?period=2001-01'),
    );
    const [rows] = await server.db.query<{ kg: number }>(
      `SELECT coalesce(sum(ls.weight_kg), 0)::float8 AS kg
         FROM lot_sources ls
         JOIN eol_lots l ON l.id = ls.lot_id AND l.status = 'confirmed'
         JOIN shipments sh ON sh.id = ls.shipment_id
        WHERE sh.received_at >= make_date($1::int, 1, 1)
          AND sh.received_at < make_date($1::int + 1, 1, 1)`,
      [thisYear],
    );
    const bad = await call(ADMIN, 'GET', '/api/eol/summary?period=2026-13');

    expect(byDefault).toBeGreaterThan(0);
    expect(year).toBeCloseTo(present(rows, 'confirmed this year').kg, 1);
    expect(year + lastYear).toBeGreaterThanOrEqual(byDefault - 0.01);
    expect(longAgo).toBe(0);
    expect(bad.statusCode).toBe(400);
  });

  it('refuses lots to a brand admin and an operator with 403', async () => {
    for (const who of [BRAND, 'operator@kiehls.test']) {
      const response = await call(who, 'POST', '/api/eol/lots', {
        member_id: 2,
        material: 'pet1',
        weight_kg: 1,
        processor_id: 2,
      });
      expect(response.statusCode).toBe(403);
    }
  });
});
