import {
  AuditEventsPageSchema,
  checkSorting,
  checkWeighIn,
  DashboardSummarySchema,
  EolSummarySchema,
  kgToGrams,
  LotDetailSchema,
  netOf,
  OnHandSchema,
  ShipmentDetailSchema,
  ShipmentsPageSchema,
  WarehouseSummarySchema,
} from '@collective/api-client/contract';
import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { present } from '../testing/present';
import {
  ROUTE_TEST_ADMIN as ADMIN,
  signedInServer,
} from '../testing/signed-in-server';
import { describeOnEachDatabase } from '../testing/test-databases';

describeOnEachDatabase('the warehouse', (engine) => {
  // Every read sees the data version at once (a write's own process
  // otherwise notices within DATA_VERSION_MAX_AGE_MS, docs/decisions/0032).
  // A long max age: only the write itself can make its change seen at once.
  const server = signedInServer(engine, { dataVersionMaxAgeMs: 60_000 });
  const { call, json } = server;
  const detail = (id: number) =>
    json(ShipmentDetailSchema, `/api/shipments/${id}`);
  async function shipmentWhere(condition: string, skip = 0) {
    const [row] = await server.db.query<{ id: number }>(
      `SELECT id FROM shipments WHERE ${condition} ORDER BY id OFFSET ${skip} LIMIT 1`,
    );
    return present(row, `a shipment where ${condition}`).id;
  }
  async function trail(id: number) {
    const response = await call(
      'super@pact.test',
      'GET',
      `/api/audit-events?entity=receipt&entity_id=${id}`,
    );
    return v.parse(AuditEventsPageSchema, response.json()).events;
  }
  async function receive(id: number, weights: object = {}) {
    const before = await detail(id);
    return call(ADMIN, 'POST', `/api/shipments/${id}/receipt`, {
      gross: 12.5,
      tare: 0.5,
      contamination: 0.25,
      unit: 'kg',
      scale_id: 'WH-SCALE-1',
      version: before.shipment.version,
      ...weights,
    });
  }
  /** Receives a delivered shipment and answers it. */
  async function received(skip: number) {
    const id = await shipmentWhere("status = 'delivered'", skip);
    const response = await receive(id);
    expect(response.statusCode, response.body).toBe(201);
    return v.parse(ShipmentDetailSchema, response.json());
  }

  describe('GET /api/warehouse/receiving', () => {
    it('lists the delivered shipments not yet received, oldest delivery first', async () => {
      const queue = await json(
        ShipmentsPageSchema,
        '/api/warehouse/receiving?page_size=100',
      );
      const [count] = await server.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM shipments WHERE status = 'delivered'",
      );

      expect(queue.total).toBe(count?.n);
      expect(queue.shipments.every((s) => s.status === 'delivered')).toBe(true);
      const times = queue.shipments.map((s) => s.delivered_at ?? '');
      expect(times).toEqual([...times].sort());
    });

    it("gives a brand admin their member's queue only, and refuses an operator", async () => {
      const queue = await json(
        ShipmentsPageSchema,
        '/api/warehouse/receiving?member_id=3&page_size=100',
        'brand.admin@kiehls.test',
      );
      const operator = await call(
        'operator@kiehls.test',
        'GET',
        '/api/warehouse/receiving',
      );

      expect(queue.shipments.every((s) => s.member_id === 2)).toBe(true);
      expect(operator.statusCode).toBe(403);
    });
  });

  describe('weighing in', () => {
    it('records net = gross − tare, takes the shipment off the queue, adds exactly its net to this month, and audits it once', async () => {
      const summary = () =>
        json(DashboardSummarySchema, '/api/dashboard/summary');
      const warehouse = () =>
        json(WarehouseSummarySchema, '/api/warehouse/summary');
      const [before, whBefore] = [await summary(), await warehouse()];
      const queued = await json(
        ShipmentsPageSchema,
        '/api/warehouse/receiving?page_size=100',
      );
      const waiting = await shipmentWhere("status = 'delivered'", 0);
      // The queue is cached (read just now): the receipt must not be hidden by it.
      expect(queued.shipments.map((s) => s.id)).toContain(waiting);

      const shipment = await received(0);
      expect(shipment.shipment.id).toBe(waiting);

      expect(shipment.shipment.status).toBe('received');
      expect(shipment.receipt).toMatchObject({
        gross_kg: 12.5,
        tare_kg: 0.5,
        net_kg: 12,
        contamination_kg: 0.25,
        sorted_kg: 0,
        residue_kg: 12,
        scale_id: 'WH-SCALE-1',
        version: 1,
      });
      expect(shipment.events.at(-1)?.kind).toBe('received');
      const queue = await json(
        ShipmentsPageSchema,
        '/api/warehouse/receiving?page_size=100',
      );
      expect(queue.shipments.map((s) => s.id)).not.toContain(
        shipment.shipment.id,
      );
      const after = await summary();
      expect(after.kpis.weight_kg_month).toBeCloseTo(
        before.kpis.weight_kg_month + 12,
        1,
      );
      const whAfter = await warehouse();
      expect(whAfter.today.received).toBe(whBefore.today.received + 1);
      expect(whAfter.backlog.to_receive).toBe(whBefore.backlog.to_receive - 1);
      expect(whAfter.backlog.to_sort).toBe(whBefore.backlog.to_sort + 1);
      const events = await trail(shipment.shipment.id);
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ action: 'create', entity: 'receipt' });
    });

    it('converts pounds to kilograms', async () => {
      const id = await shipmentWhere("status = 'delivered'", 1);
      const response = await receive(id, {
        gross: 22,
        tare: 2,
        contamination: 0,
        unit: 'lb',
      });

      expect(response.statusCode, response.body).toBe(201);
      expect(
        v.parse(ShipmentDetailSchema, response.json()).receipt,
      ).toMatchObject({
        gross_kg: 9.979,
        tare_kg: 0.907,
        net_kg: 9.072,
        unit: 'lb',
      });
    });

    it('refuses a tare at or above the gross weight with 422 naming the field, and writes nothing', async () => {
      const id = await shipmentWhere("status = 'delivered'", 2);
      const response = await receive(id, { gross: 5, tare: 5 });

      expect(response.statusCode).toBe(422);
      expect(response.json().fields).toHaveProperty('tare');
      expect((await detail(id)).shipment.status).toBe('delivered');
      expect(await trail(id)).toHaveLength(0);
    });

    it('refuses a shipment received already (409), and an operator or a brand admin (403)', async () => {
      const id = await shipmentWhere("status = 'sorted'");
      const again = await receive(id);
      const delivered = await shipmentWhere(
        "status = 'delivered' AND member_id = 2",
      );
      const version = (await detail(delivered)).shipment.version;

      expect(again.statusCode).toBe(409);
      for (const who of ['operator@kiehls.test', 'brand.admin@kiehls.test']) {
        const refused = await call(
          who,
          'POST',
          `/api/shipments/${delivered}/receipt`,
          {
            gross: 3,
            tare: 1,
            contamination: 0,
            unit: 'kg',
            scale_id: 'WH-SCALE-1',
            version,
          },
        );
        expect(refused.statusCode).toBe(403);
      }
    });
  });

  describe('sorting and corrections', () => {
    it('sorts into lines within the net weight; more than the net is 422; a stale version is 409 and loses nothing', async () => {
      const shipment = await received(3);
      const id = shipment.shipment.id;
      const version = present(shipment.receipt, 'a receipt').version;
      const over = await call(ADMIN, 'PUT', `/api/shipments/${id}/lines`, {
        lines: [
          { material: 'pp5', weight: 8 },
          { material: 'glass', weight: 5 },
        ],
        unit: 'kg',
        version,
      });
      const sorted = await call(ADMIN, 'PUT', `/api/shipments/${id}/lines`, {
        lines: [
          { material: 'pp5', weight: 7 },
          { material: 'glass', weight: 4.5 },
        ],
        unit: 'kg',
        version,
      });
      const stale = await call(ADMIN, 'PUT', `/api/shipments/${id}/lines`, {
        lines: [{ material: 'pp5', weight: 1 }],
        unit: 'kg',
        version,
      });

      expect(over.statusCode).toBe(422);
      expect(sorted.statusCode, sorted.body).toBe(200);
      const after = v.parse(ShipmentDetailSchema, sorted.json());
      expect(after.shipment.status).toBe('sorted');
      expect(after.receipt).toMatchObject({
        sorted_kg: 11.5,
        residue_kg: 0.5,
        version: version + 1,
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().current.receipt.sorted_kg).toBe(11.5);
      expect((await detail(id)).receipt?.sorted_kg).toBe(11.5);
      expect((await trail(id)).map((e) => e.action)).toEqual([
        'sort',
        'create',
      ]);
    });

    it('corrects the weights of a receipt, but never below what is sorted', async () => {
      const id = await shipmentWhere(
        "status = 'sorted' AND EXISTS (SELECT 1 FROM receipts r WHERE r.shipment_id = shipments.id AND r.sorted_kg > 2)",
      );
      const before = present((await detail(id)).receipt, 'a receipt');
      const below = await call(ADMIN, 'PATCH', `/api/shipments/${id}/receipt`, {
        gross: before.sorted_kg,
        tare: 1,
        contamination: 0,
        unit: 'kg',
        scale_id: before.scale_id,
        version: before.version,
      });
      const corrected = await call(
        ADMIN,
        'PATCH',
        `/api/shipments/${id}/receipt`,
        {
          gross: before.gross_kg + 1,
          tare: before.tare_kg,
          contamination: before.contamination_kg,
          unit: 'kg',
          scale_id: before.scale_id,
          version: before.version,
        },
      );

      expect(below.statusCode).toBe(422);
      expect(corrected.statusCode, corrected.body).toBe(200);
      const after = v.parse(ShipmentDetailSchema, corrected.json());
      expect(after.receipt?.net_kg).toBeCloseTo(before.net_kg + 1, 3);
      expect(after.receipt?.version).toBe(before.version + 1);
      expect(after.events.at(-1)?.kind).toBe('receipt_corrected');
      expect((await trail(id)).map((e) => e.action)).toEqual(['correct']);
    });

    it('refuses to lower a line below what already went into lots', async () => {
      const id = await shipmentWhere(
        'EXISTS (SELECT 1 FROM shipment_materials m WHERE m.shipment_id = shipments.id AND m.in_lots_kg > 0)',
      );
      const before = await detail(id);
      const response = await call(ADMIN, 'PUT', `/api/shipments/${id}/lines`, {
        lines: [],
        unit: 'kg',
        version: present(before.receipt, 'a receipt').version,
      });

      expect(response.statusCode).toBe(422);
      expect((await detail(id)).lines).toEqual(before.lines);
    });

    it("keeps D14's mass balance through any sequence of receipts, sorts, corrections and lots made, shipped and confirmed: by SQL and by the server's own summaries, every step", async () => {
      const MEMBER = 2;
      const MATERIALS = ['pp5', 'pet1', 'glass'] as const;
      /** Shipments of the member still to receive, newest first (other tests take the oldest). */
      const toReceive = (
        await server.db.query<{ id: number }>(
          `SELECT id FROM shipments WHERE member_id = $1 AND status IN ('delivered', 'in_transit')
            ORDER BY id DESC LIMIT 60`,
          [MEMBER],
        )
      ).map((row) => row.id);
      /** What the steps sort and correct: what they received, and a seed shipment whose lines are in lots. */
      const receivedHere = [
        await shipmentWhere(
          `member_id = ${MEMBER} AND EXISTS (SELECT 1 FROM shipment_materials m
             WHERE m.shipment_id = shipments.id AND m.in_lots_kg > 0)`,
        ),
      ];
      const lotsHere: {
        id: number;
        status: 'open' | 'shipped' | 'confirmed';
      }[] = [];
      /** Every shipment a step wrote to or a lot drew from. */
      const touched = new Set(receivedHere);

      /** The member's balance by SQL, checked against itself and the server's answers. */
      async function balance() {
        const [row] = await server.db.query<{
          received: number;
          sorted: number;
          residue: number;
          in_lots: number;
          on_hand: number;
          lots_kg: number;
          least_residue: number;
          least_on_hand: number;
          receipts_off: number;
          lines_off: number;
          to_sort: number;
          to_sort_kg: number;
        }>(
          `WITH sh AS (SELECT id, status FROM shipments WHERE member_id = $1),
                r AS (SELECT r.shipment_id, r.net_kg, r.sorted_kg, sh.status
                        FROM receipts r JOIN sh ON sh.id = r.shipment_id),
                ml AS (SELECT ml.* FROM shipment_materials ml JOIN sh ON sh.id = ml.shipment_id),
                receipts_sum AS (
                  SELECT coalesce(sum(net_kg), 0)::float8 AS received,
                         coalesce(sum(net_kg - sorted_kg), 0)::float8 AS residue,
                         coalesce(min(net_kg - sorted_kg), 0)::float8 AS least_residue,
                         count(*) FILTER (WHERE status = 'received')::int AS to_sort,
                         coalesce(sum(net_kg) FILTER (WHERE status = 'received'), 0)::float8 AS to_sort_kg
                    FROM r),
                lines_sum AS (
                  SELECT coalesce(sum(weight_kg), 0)::float8 AS sorted,
                         coalesce(sum(weight_kg - in_lots_kg), 0)::float8 AS on_hand,
                         coalesce(min(weight_kg - in_lots_kg), 0)::float8 AS least_on_hand
                    FROM ml)
           SELECT receipts_sum.*, lines_sum.*,
                  -- The shipments the steps touched: each receipt's sorted
                  -- weight is its lines; each line's weight in lots is its
                  -- chain of custody.
                  (SELECT count(*)::int FROM receipts r
                    WHERE r.shipment_id = ANY($2::int[])
                      AND r.sorted_kg <> (SELECT coalesce(sum(weight_kg), 0)
                            FROM shipment_materials WHERE shipment_id = r.shipment_id)) AS receipts_off,
                  (SELECT count(*)::int FROM shipment_materials ml
                    WHERE ml.shipment_id = ANY($2::int[])
                      AND ml.in_lots_kg <> (SELECT coalesce(sum(weight_kg), 0) FROM lot_sources ls
                            WHERE ls.shipment_id = ml.shipment_id AND ls.material = ml.material)) AS lines_off,
                  (SELECT coalesce(sum(ls.weight_kg), 0)::float8 FROM lot_sources ls
                     JOIN eol_lots l ON l.id = ls.lot_id WHERE l.member_id = $1) AS in_lots,
                  (SELECT coalesce(sum(weight_kg), 0)::float8 FROM eol_lots WHERE member_id = $1) AS lots_kg
             FROM receipts_sum, lines_sum`,
          [MEMBER, [...touched]],
        );
        const sql = present(row, 'the balance');
        // D14 by SQL: received = sorted + residue; sorted = in lots + on hand;
        // never negative anywhere.
        expect(sql.received).toBeCloseTo(sql.sorted + sql.residue, 3);
        expect(sql.sorted).toBeCloseTo(sql.in_lots + sql.on_hand, 3);
        expect(sql.lots_kg).toBeCloseTo(sql.in_lots, 3);
        expect(sql.least_residue).toBeGreaterThanOrEqual(0);
        expect(sql.least_on_hand).toBeGreaterThanOrEqual(0);
        expect(sql.receipts_off).toBe(0);
        expect(sql.lines_off).toBe(0);
        // The server's own answers say the same.
        const eol = await json(
          EolSummarySchema,
          `/api/eol/summary?member_id=${MEMBER}`,
        );
        expect(eol.balance.received_kg).toBeCloseTo(sql.received, 3);
        expect(eol.balance.sorted_kg).toBeCloseTo(sql.sorted, 3);
        expect(eol.balance.residue_kg).toBeCloseTo(sql.residue, 3);
        expect(eol.balance.in_lots_kg).toBeCloseTo(sql.in_lots, 3);
        expect(eol.balance.on_hand_kg).toBeCloseTo(sql.on_hand, 3);
        const perMaterial = eol.materials.reduce((s, m) => s + m.on_hand_kg, 0);
        expect(perMaterial).toBeCloseTo(sql.on_hand, 2);
        const onHand = await json(
          OnHandSchema,
          `/api/eol/on-hand?member_id=${MEMBER}`,
        );
        expect(
          onHand.on_hand.reduce((s, r) => s + r.on_hand_kg, 0),
        ).toBeCloseTo(sql.on_hand, 2);
        const warehouse = await json(
          WarehouseSummarySchema,
          `/api/warehouse/summary?member_id=${MEMBER}`,
        );
        expect(warehouse.backlog.to_sort).toBe(sql.to_sort);
        expect(warehouse.backlog.to_sort_kg).toBeCloseTo(sql.to_sort_kg, 3);
        const onHandOf = Object.fromEntries(
          MATERIALS.map((m) => [
            m,
            kgToGrams(
              onHand.on_hand.find((r) => r.material === m)?.on_hand_kg ?? 0,
            ),
          ]),
        );
        return { ...sql, onHandOf };
      }

      const grams = (max: number) => fc.integer({ min: 0, max });
      const weighing = {
        gross: grams(30_000),
        tare: grams(3_000),
        contamination: grams(2_000),
      };
      const receiving = fc.record({
        kind: fc.constant('receive' as const),
        ...weighing,
      });
      const lotting = fc.record({
        kind: fc.constant('lot' as const),
        material: fc.constantFrom(...MATERIALS),
        weight: fc.integer({ min: 1, max: 40_000 }),
      });
      // Sorts and corrections weigh most: the rules are theirs.
      const step = fc.oneof(
        { arbitrary: receiving, weight: 1 },
        {
          arbitrary: fc.record({
            kind: fc.constant('sort' as const),
            pick: fc.nat(),
            lines: fc.uniqueArray(
              fc.record({
                material: fc.constantFrom(...MATERIALS),
                weight: grams(15_000),
              }),
              { selector: (l) => l.material, maxLength: 3 },
            ),
          }),
          weight: 3,
        },
        {
          arbitrary: fc.record({
            kind: fc.constant('correct' as const),
            pick: fc.nat(),
            ...weighing,
          }),
          weight: 2,
        },
        { arbitrary: lotting, weight: 1 },
        {
          arbitrary: fc.record({
            kind: fc.constant('ship' as const),
            pick: fc.nat(),
          }),
          weight: 1,
        },
        {
          arbitrary: fc.record({
            kind: fc.constant('confirm' as const),
            pick: fc.nat(),
            outcome: fc.constantFrom(
              'recycled',
              'downcycled',
              'energy_recovery',
              'landfill',
            ),
          }),
          weight: 1,
        },
      );
      type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;
      const kg = (g: number) => g / 1000;
      const pickOf = <T>(list: readonly T[], pick: number) =>
        list.length === 0 ? undefined : list[pick % list.length];

      /**
       * Runs one step; gives how it moves the balance in grams when the
       * contract's rules (mass-balance.ts) let it through, `null` when they
       * refuse it (422), `undefined` when there is nothing to take it on.
       */
      async function run(
        s: Step,
        onHandOf: Record<string, number>,
      ): Promise<
        { received: number; sorted: number; inLots: number } | null | undefined
      > {
        const none = { received: 0, sorted: 0, inLots: 0 };
        if (s.kind === 'receive') {
          const id = toReceive.shift();
          if (id === undefined) return undefined;
          const response = await receive(id, {
            gross: kg(s.gross),
            tare: kg(s.tare),
            contamination: kg(s.contamination),
          });
          if (checkWeighIn(s).length > 0) {
            expect(response.statusCode, response.body).toBe(422);
            toReceive.unshift(id);
            return null;
          }
          expect(response.statusCode, response.body).toBe(201);
          receivedHere.push(id);
          touched.add(id);
          return { ...none, received: netOf(s) };
        }
        if (s.kind === 'sort' || s.kind === 'correct') {
          // The seed shipment with lines in lots, or one of the last two received.
          const id = present(
            pickOf(
              [receivedHere[0], ...receivedHere.slice(1).slice(-2)],
              s.pick,
            ),
            'a receipt',
          );
          const before = await detail(id);
          const receipt = present(before.receipt, 'a receipt');
          const drawn = Object.fromEntries(
            before.lines.map((l) => [l.material, kgToGrams(l.in_lots_kg)]),
          );
          const lines = before.lines.map((l) => ({
            material: l.material,
            weight: kgToGrams(l.weight_kg),
          }));
          const sortedBefore = lines.reduce((sum, l) => sum + l.weight, 0);
          if (s.kind === 'sort') {
            const asked = s.lines.filter((l) => l.weight > 0);
            const response = await call(
              ADMIN,
              'PUT',
              `/api/shipments/${id}/lines`,
              {
                lines: s.lines.map((l) => ({ ...l, weight: kg(l.weight) })),
                unit: 'kg',
                version: receipt.version,
              },
            );
            if (
              checkSorting(kgToGrams(receipt.net_kg), asked, drawn).length > 0
            ) {
              expect(response.statusCode, response.body).toBe(422);
              return null;
            }
            expect(response.statusCode, response.body).toBe(200);
            const sorted = asked.reduce((sum, l) => sum + l.weight, 0);
            return { ...none, sorted: sorted - sortedBefore };
          }
          const response = await call(
            ADMIN,
            'PATCH',
            `/api/shipments/${id}/receipt`,
            {
              gross: kg(s.gross),
              tare: kg(s.tare),
              contamination: kg(s.contamination),
              unit: 'kg',
              scale_id: 'WH-SCALE-2',
              version: receipt.version,
            },
          );
          if (
            checkWeighIn(s).length > 0 ||
            checkSorting(netOf(s), lines, drawn).length > 0
          ) {
            expect(response.statusCode, response.body).toBe(422);
            return null;
          }
          expect(response.statusCode, response.body).toBe(200);
          return { ...none, received: netOf(s) - kgToGrams(receipt.net_kg) };
        }
        if (s.kind === 'lot') {
          const response = await call(ADMIN, 'POST', '/api/eol/lots', {
            member_id: MEMBER,
            material: s.material,
            weight_kg: kg(s.weight),
            processor_id: 2,
          });
          if (s.weight > (onHandOf[s.material] ?? 0)) {
            expect(response.statusCode, response.body).toBe(422);
            return null;
          }
          expect(response.statusCode, response.body).toBe(201);
          const { lot, sources } = v.parse(LotDetailSchema, response.json());
          lotsHere.push({ id: lot.id, status: 'open' });
          for (const source of sources) touched.add(source.shipment_id);
          return { ...none, inLots: s.weight };
        }
        const wanted = s.kind === 'ship' ? 'open' : 'shipped';
        const lot = pickOf(
          lotsHere.filter((l) => l.status === wanted),
          s.pick,
        );
        if (!lot) return undefined;
        const { version, weight_kg } = (
          await json(LotDetailSchema, `/api/eol/lots/${lot.id}`)
        ).lot;
        const response =
          s.kind === 'ship'
            ? await call(ADMIN, 'POST', `/api/eol/lots/${lot.id}/ship`, {
                version,
              })
            : await call(ADMIN, 'POST', `/api/eol/lots/${lot.id}/confirm`, {
                outcome: s.outcome,
                certificate_ref: `COD-PROPERTY-${lot.id}`,
                confirmed_weight_kg: weight_kg,
                version,
              });
        expect(response.statusCode, response.body).toBe(200);
        lot.status = s.kind === 'ship' ? 'shipped' : 'confirmed';
        return none;
      }

      let made = 0;
      const runs = 5;
      await fc.assert(
        // Each run receives a shipment first and makes a lot somewhere.
        fc.asyncProperty(
          receiving,
          lotting,
          fc.array(step, { minLength: 1, maxLength: 5 }),
          fc.nat(),
          async (first, lot, rest, at) => {
            const steps = [first, ...rest];
            steps.splice(1 + (at % steps.length), 0, lot);
            let before = await balance();
            for (const s of steps) {
              const moved = await run(s, before.onHandOf);
              if (moved === undefined) continue;
              made += 1;
              const after = await balance();
              // A refused step changes nothing; one let through moves the
              // balance by exactly what it says.
              const by = moved ?? { received: 0, sorted: 0, inLots: 0 };
              expect(after.received).toBeCloseTo(
                before.received + kg(by.received),
                3,
              );
              expect(after.sorted).toBeCloseTo(
                before.sorted + kg(by.sorted),
                3,
              );
              expect(after.in_lots).toBeCloseTo(
                before.in_lots + kg(by.inLots),
                3,
              );
              before = after;
            }
          },
        ),
        { numRuns: runs },
      );
      // Every run's receipt and lot were steps of it (made or refused).
      expect(made).toBeGreaterThanOrEqual(2 * runs);
    }, 300_000);
  });
});
