import {
  AuditEventsPageSchema,
  DELIVERED_NOT_RECEIVED_DAYS,
  LONG_TRANSIT_DAYS,
  ShipmentDetailSchema,
  ShipmentsPageSchema,
} from '@collective/api-client/contract';
import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { present } from '../testing/present';
import { signedInServer } from '../testing/signed-in-server';
import { describeOnEachDatabase } from '../testing/test-databases';

const DAY_MS = 24 * 60 * 60 * 1000;

describeOnEachDatabase('shipments', (engine) => {
  const server = signedInServer(engine);
  const { call, json } = server;

  const page = (query: string, who?: string) =>
    json(ShipmentsPageSchema, `/api/shipments?${query}`, who);
  const detail = (id: number, who?: string) =>
    json(ShipmentDetailSchema, `/api/shipments/${id}`, who);
  async function shipmentWhere(condition: string) {
    const [row] = await server.db.query<{ id: number; member_id: number }>(
      `SELECT id, member_id FROM shipments WHERE ${condition} ORDER BY id LIMIT 1`,
    );
    return present(row, `a shipment where ${condition}`);
  }

  describe('GET /api/shipments', () => {
    it('lists the newest shipments first with the total, as the contract says', async () => {
      const body = await page('');
      const [count] = await server.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM shipments',
      );

      expect(body.total).toBe(count?.n);
      expect(body.shipments).toHaveLength(25);
      const times = body.shipments.map((s) => s.shipped_at);
      expect(times).toEqual([...times].sort().reverse());
    });

    it('filters by status, channel and period, and finds a shipment by its tracking number or its store', async () => {
      const delivered = await page('status=delivered&page_size=100');
      const kiosks = await page('channel=kiosk&page_size=100');
      const [one] = (await page('page=3')).shipments;
      const found = await page(
        `search=${present(one, 'a shipment').tracking_number.slice(0, 10).toLowerCase()}`,
      );
      const byStore = await page(
        `search=${encodeURIComponent(present(one, 'a shipment').store_name)}`,
      );
      const day = present(one, 'a shipment').shipped_at.slice(0, 10);
      const onDay = await page(`from=${day}&to=${day}&page_size=100`);

      expect(delivered.total).toBeGreaterThan(0);
      expect(delivered.shipments.every((s) => s.status === 'delivered')).toBe(
        true,
      );
      expect(kiosks.shipments.every((s) => s.channel === 'kiosk')).toBe(true);
      expect(found.shipments.map((s) => s.id)).toContain(one?.id);
      expect(
        byStore.shipments.every(
          (s) =>
            s.store_name === one?.store_name ||
            s.member_name.includes(one?.store_name ?? ''),
        ),
      ).toBe(true);
      expect(onDay.shipments.map((s) => s.id)).toContain(one?.id);
      expect(onDay.shipments.every((s) => s.shipped_at.startsWith(day))).toBe(
        true,
      );
    });

    it(`flags shipments delivered and not received after ${DELIVERED_NOT_RECEIVED_DAYS} days and in transit over ${LONG_TRANSIT_DAYS} days`, async () => {
      const waiting = await page('flag=delivered_not_received&page_size=100');
      const slow = await page('flag=long_transit&page_size=100');
      const now = Date.now();

      expect(waiting.total).toBeGreaterThan(0);
      expect(slow.total).toBeGreaterThan(0);
      for (const s of waiting.shipments) {
        expect(s.status).toBe('delivered');
        expect(now - Date.parse(s.delivered_at ?? '')).toBeGreaterThan(
          DELIVERED_NOT_RECEIVED_DAYS * DAY_MS,
        );
        expect(s.flags).toEqual(['delivered_not_received']);
      }
      for (const s of slow.shipments) {
        expect(s.status).toBe('in_transit');
        expect(now - Date.parse(s.shipped_at)).toBeGreaterThan(
          LONG_TRANSIT_DAYS * DAY_MS,
        );
        expect(s.flags).toEqual(['long_transit']);
      }
    });

    it('sorts by tracking number both ways', async () => {
      const up = (await page('sort=tracking_number')).shipments.map(
        (s) => s.tracking_number,
      );
      const down = (await page('sort=-tracking_number')).shipments.map(
        (s) => s.tracking_number,
      );

      expect(up).toEqual([...up].sort());
      expect(down).toEqual([...down].sort().reverse());
    });

    it("gives a brand admin their member's shipments only, whatever member_id says, and refuses a brand operator", async () => {
      const own = await page(
        'member_id=3&page_size=100',
        'brand.admin@kiehls.test',
      );
      const operator = await call(
        'operator@kiehls.test',
        'GET',
        '/api/shipments',
      );

      expect(own.scope.member_id).toBe(2);
      expect(own.shipments.every((s) => s.member_id === 2)).toBe(true);
      expect(operator.statusCode).toBe(403);
    });

    it('refuses a status it does not know with a JSON 400', async () => {
      const response = await call(
        'admin@pact.test',
        'GET',
        '/api/shipments?status=processed',
      );

      expect(response.statusCode).toBe(400);
    });
  });

  describe('GET /api/shipments/:id', () => {
    it('shows a sorted shipment with its timeline, receipt and material lines, which add up', async () => {
      const { id } = await shipmentWhere(
        "status = 'sorted' AND EXISTS (SELECT 1 FROM shipment_materials m WHERE m.shipment_id = shipments.id AND m.in_lots_kg > 0)",
      );
      const body = await detail(id);

      expect(body.events.map((e) => e.kind)).toEqual([
        'label_created',
        'in_transit',
        'delivered',
        'received',
        'sorted',
      ]);
      const receipt = present(body.receipt, 'a receipt');
      expect(receipt.net_kg).toBeCloseTo(receipt.gross_kg - receipt.tare_kg, 3);
      const sorted = body.lines.reduce((sum, l) => sum + l.weight_kg, 0);
      expect(sorted).toBeCloseTo(receipt.sorted_kg, 3);
      expect(receipt.residue_kg).toBeCloseTo(
        receipt.net_kg - receipt.sorted_kg,
        3,
      );
      expect(body.lines.some((l) => l.lot_ids.length > 0)).toBe(true);
      for (const line of body.lines) {
        expect(line.in_lots_kg + line.on_hand_kg).toBeCloseTo(
          line.weight_kg,
          3,
        );
      }
    });

    it("answers 404 for another member's shipment to a brand user, as for one that does not exist", async () => {
      const { id } = await shipmentWhere('member_id = 3');
      const other = await call(
        'brand.admin@kiehls.test',
        'GET',
        `/api/shipments/${id}`,
      );
      const missing = await call(
        'brand.admin@kiehls.test',
        'GET',
        '/api/shipments/2000000000',
      );

      expect(other.statusCode).toBe(404);
      expect(missing.statusCode).toBe(404);
      expect(other.json()).toEqual({
        ...missing.json(),
        message: `There is no shipment ${id} in your data scope.`,
      });
    });
  });

  describe('a brand user never receives another member\u2019s shipment', () => {
    it('by list, by id or by export, whatever they ask', async () => {
      const [ids] = await server.db.query<{ min: number; max: number }>(
        'SELECT min(id) AS min, max(id) AS max FROM shipments',
      );
      const range = present(ids, 'shipment ids');
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: range.min, max: range.max }),
          fc.constantFrom('', 'member_id=3', 'member_id=1009', 'status=sorted'),
          async (id, query) => {
            const [row] = await server.db.query<{ member_id: number }>(
              'SELECT member_id FROM shipments WHERE id = $1',
              [id],
            );
            const byId = await call(
              'brand.admin@kiehls.test',
              'GET',
              `/api/shipments/${id}?${query.startsWith('member') ? query : ''}`,
            );
            expect(byId.statusCode).toBe(row?.member_id === 2 ? 200 : 404);
            const list = await page(
              `${query}&page_size=100`,
              'brand.admin@kiehls.test',
            );
            expect(list.shipments.every((s) => s.member_id === 2)).toBe(true);
          },
        ),
        { numRuns: 15 },
      );
      const csv = await call(
        'brand.admin@kiehls.test',
        'GET',
        '/api/shipments/export?member_id=3',
      );
      expect(csv.statusCode, csv.body).toBe(200);
      const lines = csv.body.trim().split(/\r?\n/).slice(1);
      const [kiehls] = await server.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM shipments WHERE member_id = 2',
      );
      expect(lines).toHaveLength(kiehls?.n ?? -1);
      expect(lines.every((line) => line.split(',')[3] === "Kiehl's")).toBe(
        true,
      );
    });
  });

  describe('GET /api/shipments/export', () => {
    it('streams every shipment matching the filters, in the order asked, as CSV', async () => {
      const response = await call(
        'admin@pact.test',
        'GET',
        '/api/shipments/export?status=delivered&sort=tracking_number',
      );
      const [count] = await server.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM shipments WHERE status = 'delivered'",
      );

      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/csv/);
      const [header, ...rows] = response.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/);
      expect(header).toBe(
        'id,tracking_number,store,member,channel,status,shipped_at,delivered_at,received_at,declared_weight_kg,net_kg,flags',
      );
      expect(rows).toHaveLength(count?.n ?? -1);
      const tracking = rows.map((row) => row.split(',')[1] ?? '');
      expect(tracking).toEqual([...tracking].sort());
    });

    it('pages through a whole large export by key, with every shipment once', async () => {
      const response = await call(
        'admin@pact.test',
        'GET',
        '/api/shipments/export',
      );
      const [count] = await server.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM shipments',
      );

      const ids = response.body
        .trim()
        .split(/\r?\n/)
        .slice(1)
        .map((row) => row.split(',')[0]);
      expect(ids).toHaveLength(count?.n ?? -1);
      expect(new Set(ids).size).toBe(ids.length);
    });
  });

  describe('corrections by collective admins', () => {
    async function trail(id: number) {
      const response = await call(
        'super@pact.test',
        'GET',
        `/api/audit-events?entity=shipment&entity_id=${id}`,
      );
      return v.parse(AuditEventsPageSchema, response.json()).events;
    }

    it('records an exception: the status, a timeline event and one audit event; a stale one is 409 and changes nothing', async () => {
      const { id } = await shipmentWhere("status = 'in_transit'");
      const before = await detail(id);
      const written = await call(
        'admin@pact.test',
        'POST',
        `/api/shipments/${id}/exception`,
        {
          exception: 'damaged',
          note: 'Box crushed',
          version: before.shipment.version,
        },
      );
      const stale = await call(
        'admin@pact.test',
        'POST',
        `/api/shipments/${id}/exception`,
        {
          exception: 'lost',
          version: before.shipment.version,
        },
      );

      expect(written.statusCode, written.body).toBe(200);
      const after = v.parse(ShipmentDetailSchema, written.json());
      expect(after.shipment).toMatchObject({
        status: 'exception',
        exception: 'damaged',
        version: before.shipment.version + 1,
      });
      expect(after.events.at(-1)).toMatchObject({
        kind: 'exception',
        note: 'damaged: Box crushed',
        actor_name: expect.any(String),
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().current.shipment.exception).toBe('damaged');
      expect((await detail(id)).shipment.exception).toBe('damaged');
      const events = await trail(id);
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        action: 'record_exception',
        before: { status: 'in_transit', exception: null },
        after: { status: 'exception', exception: 'damaged' },
      });
    });

    it('corrects the origin store within the member, moves the collected weight with it, and audits it once', async () => {
      const { id, member_id } = await shipmentWhere("status = 'received'");
      const before = await detail(id);
      const from = present(before.shipment.store_id, 'the origin store');
      const [store] = await server.db.query<{ id: number }>(
        'SELECT id FROM stores WHERE member_id = $1 AND id <> $2 ORDER BY id LIMIT 1',
        [member_id, from],
      );
      const target = present(store, 'another store of the member').id;
      const weight = async (storeId: number) => {
        const [row] = await server.db.query<{ kg: number }>(
          'SELECT coalesce(sum(weight_kg), 0)::float8 AS kg FROM store_months WHERE store_id = $1',
          [storeId],
        );
        return row?.kg ?? 0;
      };
      const [fromBefore, toBefore] = [await weight(from), await weight(target)];

      const written = await call(
        'admin@pact.test',
        'PATCH',
        `/api/shipments/${id}/origin`,
        {
          store_id: target,
          note: 'Label printed at the wrong store',
          version: before.shipment.version,
        },
      );

      expect(written.statusCode, written.body).toBe(200);
      const after = v.parse(ShipmentDetailSchema, written.json());
      expect(after.shipment.store_id).toBe(target);
      expect(after.events.at(-1)?.kind).toBe('origin_corrected');
      const net = present(before.receipt, 'a receipt').net_kg;
      expect(await weight(from)).toBeCloseTo(fromBefore - net, 3);
      expect(await weight(target)).toBeCloseTo(toBefore + net, 3);
      expect(await trail(id)).toHaveLength(1);
    });

    it('refuses a brand admin and an operator with 403, and writes nothing', async () => {
      const { id } = await shipmentWhere(
        "status = 'in_transit' AND member_id = 2",
      );
      const before = await detail(id);
      for (const who of ['brand.admin@kiehls.test', 'operator@kiehls.test']) {
        const response = await call(
          who,
          'POST',
          `/api/shipments/${id}/exception`,
          {
            exception: 'lost',
            version: before.shipment.version,
          },
        );
        expect(response.statusCode).toBe(403);
      }
      expect((await detail(id)).shipment.version).toBe(before.shipment.version);
      expect(await trail(id)).toHaveLength(0);
    });

    it('refuses an exception on a shipment already received', async () => {
      const { id } = await shipmentWhere("status = 'sorted'");
      const before = await detail(id);
      const response = await call(
        'admin@pact.test',
        'POST',
        `/api/shipments/${id}/exception`,
        {
          exception: 'lost',
          version: before.shipment.version,
        },
      );

      expect(response.statusCode).toBe(409);
      expect(await trail(id)).toHaveLength(0);
    });
  });
});
