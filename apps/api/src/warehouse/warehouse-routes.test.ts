import {
  AuditEventsPageSchema,
  DashboardSummarySchema,
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

    it('keeps the mass balance through any sequence of sorts and corrections', async () => {
      const shipment = await received(4);
      const id = shipment.shipment.id;
      const weight = fc.integer({ min: 0, max: 20_000 }).map((g) => g / 1000);
      const step = fc.oneof(
        fc.record({
          kind: fc.constant('sort' as const),
          lines: fc.uniqueArray(
            fc.record({
              material: fc.constantFrom('pp5', 'pet1', 'glass'),
              weight,
            }),
            { selector: (l) => l.material, maxLength: 3 },
          ),
        }),
        fc.record({
          kind: fc.constant('correct' as const),
          gross: weight,
          tare: weight,
        }),
      );
      await fc.assert(
        fc.asyncProperty(fc.array(step, { maxLength: 4 }), async (steps) => {
          for (const s of steps) {
            const receipt = present((await detail(id)).receipt, 'a receipt');
            const response =
              s.kind === 'sort'
                ? await call(ADMIN, 'PUT', `/api/shipments/${id}/lines`, {
                    lines: s.lines,
                    unit: 'kg',
                    version: receipt.version,
                  })
                : await call(ADMIN, 'PATCH', `/api/shipments/${id}/receipt`, {
                    gross: s.gross,
                    tare: s.tare,
                    contamination: 0,
                    unit: 'kg',
                    scale_id: 'WH-SCALE-2',
                    version: receipt.version,
                  });
            expect([200, 422]).toContain(response.statusCode);
            const [row] = await server.db.query<{
              net: number;
              sorted: number;
              lines: number;
            }>(
              `SELECT r.net_kg::float8 AS net, r.sorted_kg::float8 AS sorted,
                      (SELECT coalesce(sum(weight_kg), 0)::float8 FROM shipment_materials
                        WHERE shipment_id = r.shipment_id) AS lines
                 FROM receipts r WHERE r.shipment_id = $1`,
              [id],
            );
            const balance = present(row, 'the receipt');
            expect(balance.sorted).toBeCloseTo(balance.lines, 3);
            expect(balance.sorted).toBeLessThanOrEqual(balance.net);
          }
        }),
        { numRuns: 8 },
      );
    });
  });
});
