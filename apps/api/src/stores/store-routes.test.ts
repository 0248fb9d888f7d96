import {
  BulkDeactivatedStoresSchema,
  StoreImportReportSchema,
  StoreRecordDetailSchema,
  StoreRecordsPageSchema,
  type StoreRecord,
} from '@collective/api-client/contract';
import type { LightMyRequestResponse } from 'fastify';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { multipartBody } from '../testing/multipart-body';
import { present } from '../testing/present';
import { auditEventsOf } from '../testing/audit-events';
import { signedInServer } from '../testing/signed-in-server';
import { describeOnEachDatabase } from '../testing/test-databases';
import { ADMIN, BRAND_ADMIN, OPERATOR } from '../testing/demo-accounts';

const NEW_STORE = {
  member_id: 2,
  name: 'Kiehl’s Harbour Point',
  address: '12 Quay Street',
  postal_code: '02110',
  city: 'Boston',
  region: 'Northeast',
  channel: 'kiosk',
  status: 'active',
  opened_on: '2026-03-01',
  contact_name: 'Rae Okafor',
  contact_email: 'Rae@Kiehls.test',
  contact_phone: '',
  bin_boxes: 10,
  bin_boxes_reorder_at: 4,
  liners: 50,
  liners_reorder_at: 20,
  labels: 30,
  labels_reorder_at: 10,
} as const;

const HEADER =
  'member_code,name,address,postal_code,city,region,channel,status,opened_on,contact_email,bin_boxes,liners,labels';

/** A multipart/form-data body holding `text` as the file of field `field`. */
function multipart(text: string | Buffer, field = 'file') {
  const boundary = '----storeimport7MA4YWxkTrZu0gW';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="stores.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.isBuffer(text) ? text : Buffer.from(text),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return {
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/**
 * Stores & Inventory Management (decisions D12, D14, D15;
 * docs/decisions/0095): the list and detail with supplies and heartbeat,
 * the brand admin's contact-and-supplies rule, versions, one audit event
 * per store, and the two-step CSV import that saves nothing on errors.
 */
describeOnEachDatabase('stores and inventory', (engine) => {
  const server = signedInServer(engine);
  const { call, json } = server;

  const list = (query = '', who = ADMIN) =>
    json(StoreRecordsPageSchema, `/api/stores/inventory?${query}`, who);
  const one = async (id: number) =>
    (await json(StoreRecordDetailSchema, `/api/stores/inventory/${id}`)).store;
  const events = (id: number) => auditEventsOf(server.db, 'store', id);
  const storeCount = async () =>
    (
      await server.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM stores',
      )
    )[0]?.n;
  const upload = (path: string, text: string | Buffer, field?: string) => {
    const { payload, headers } = multipart(text, field);
    return call(ADMIN, 'POST', path, payload, headers);
  };
  /** The import report (preview or import) of `response`, which must be a 200. */
  const importReport = (response: LightMyRequestResponse) => {
    expect(response.statusCode, response.body).toBe(200);
    return v.parse(StoreImportReportSchema, response.json());
  };
  async function kiehlsStore(): Promise<StoreRecord> {
    const page = await list('status=active&sort=name', BRAND_ADMIN);
    return present(page.store_records[0], "an active Kiehl's store");
  }

  describe('GET /api/stores/inventory', () => {
    it('lists stores with seeded supplies and heartbeats, low stock and stale kiosks flagged', async () => {
      const page = await list('page_size=100');
      const kiosks = page.store_records.filter((s) => s.channel === 'kiosk');
      const bins = page.store_records.filter((s) => s.channel === 'in-store');

      expect(page.total).toBe(await storeCount());
      expect(page.store_records.some((s) => s.low_stock)).toBe(true);
      expect(page.store_records.some((s) => !s.low_stock)).toBe(true);
      for (const store of page.store_records) {
        expect(store.low_stock).toBe(
          store.bin_boxes <= store.bin_boxes_reorder_at ||
            store.liners <= store.liners_reorder_at ||
            store.labels <= store.labels_reorder_at,
        );
        expect(store.address).not.toBe('');
      }
      expect(bins.every((s) => s.last_heartbeat_at === null)).toBe(true);
      expect(kiosks.some((s) => s.heartbeat_stale)).toBe(true);
      expect(kiosks.some((s) => !s.heartbeat_stale)).toBe(true);
    });

    it('filters by member, region, channel, status and low stock, and searches', async () => {
      const filtered = await list(
        'member=2&channel=in-store&status=active&low_stock=true&page_size=100',
      );
      const west = await list('region=West&sort=-name&page_size=100');
      const found = await list('search=Market%20Street&page_size=100');

      expect(filtered.store_records.length).toBeGreaterThan(0);
      for (const store of filtered.store_records) {
        expect(store).toMatchObject({
          member_id: 2,
          channel: 'in-store',
          status: 'active',
          low_stock: true,
        });
      }
      expect(west.store_records.every((s) => s.region === 'West')).toBe(true);
      const names = west.store_records.map((s) => s.name);
      expect(names).toEqual([...names].sort().reverse());
      expect(found.total).toBeGreaterThan(0);
      expect(
        found.store_records.every((s) =>
          `${s.name} ${s.address}`.includes('Market Street'),
        ),
      ).toBe(true);
    });

    it('holds a brand admin to their own stores whatever they send, and refuses operators', async () => {
      const own = await list('page_size=100', BRAND_ADMIN);
      const asked = await list('member_id=3&member=3', BRAND_ADMIN);
      const operator = await call(OPERATOR, 'GET', '/api/stores/inventory');

      expect(own.scope).toEqual({ member_id: 2, member_name: "Kiehl's" });
      expect(own.store_records.every((s) => s.member_id === 2)).toBe(true);
      expect(asked.store_records).toEqual([]);
      expect(operator.statusCode).toBe(403);
    });

    it("answers another member's store with 404 to a brand admin", async () => {
      const [other] = await server.db.query<{ id: number }>(
        'SELECT id FROM stores WHERE member_id <> 2 ORDER BY id LIMIT 1',
      );
      const response = await call(
        BRAND_ADMIN,
        'GET',
        `/api/stores/inventory/${present(other, 'a store').id}`,
      );
      expect(response.statusCode).toBe(404);
    });
  });

  describe('writes', () => {
    it('creates a store with one audit event and lists it for its member', async () => {
      const response = await call(ADMIN, 'POST', '/api/stores', NEW_STORE);

      expect(response.statusCode, response.body).toBe(201);
      const { store } = v.parse(StoreRecordDetailSchema, response.json());
      expect(store).toMatchObject({
        member_id: 2,
        name: 'Kiehl’s Harbour Point',
        contact_email: 'rae@kiehls.test',
        contact_phone: null,
        status: 'active',
        opened_at: '2026-03-01T00:00:00.000Z',
        low_stock: false,
        heartbeat_stale: true,
        version: 1,
      });
      const trail = await events(store.id);
      expect(trail).toHaveLength(1);
      expect(trail[0]).toMatchObject({
        action: 'create',
        before: null,
        after: { name: 'Kiehl’s Harbour Point', version: 1 },
        member_id: 2,
      });
      const mine = await list('search=Harbour%20Point', BRAND_ADMIN);
      expect(mine.store_records.map((s) => s.id)).toEqual([store.id]);
    });

    it('refuses a brand admin creating a store with 403', async () => {
      const response = await call(BRAND_ADMIN, 'POST', '/api/stores', {
        ...NEW_STORE,
        name: 'Not mine to open',
      });
      expect(response.statusCode).toBe(403);
    });

    it('lets a brand admin change their store’s supplies and contact, audited once with before and after', async () => {
      const store = await kiehlsStore();
      const response = await call(
        BRAND_ADMIN,
        'PATCH',
        `/api/stores/${store.id}`,
        {
          version: store.version,
          liners: 1,
          contact_phone: '+1 555 0100',
        },
      );

      expect(response.statusCode, response.body).toBe(200);
      const saved = v.parse(StoreRecordDetailSchema, response.json()).store;
      expect(saved).toMatchObject({
        liners: 1,
        contact_phone: '+1 555 0100',
        low_stock: true,
        version: store.version + 1,
      });
      const trail = await events(store.id);
      expect(trail.at(-1)).toMatchObject({
        action: 'update',
        before: { liners: store.liners, version: store.version },
        after: { liners: 1, version: store.version + 1 },
        member_id: 2,
      });
    });

    it("refuses a brand admin's other fields with 403 and another member's store with 404, saving nothing", async () => {
      const store = await kiehlsStore();
      const [other] = await server.db.query<{ id: number; version: number }>(
        'SELECT id, version FROM stores WHERE member_id <> 2 ORDER BY id LIMIT 1',
      );
      const renamed = await call(
        BRAND_ADMIN,
        'PATCH',
        `/api/stores/${store.id}`,
        {
          version: store.version,
          name: 'Renamed by a brand',
          liners: 3,
        },
      );
      const foreign = await call(
        BRAND_ADMIN,
        'PATCH',
        `/api/stores/${present(other, 'a store').id}`,
        { version: other?.version, liners: 3 },
      );

      expect(renamed.statusCode).toBe(403);
      expect(renamed.json().message).toContain('name');
      expect(foreign.statusCode).toBe(404);
      expect(await one(store.id)).toEqual(store);
    });

    it('refuses a stale edit with 409 carrying the current store, and records nothing', async () => {
      const store = await kiehlsStore();
      const before = (await events(store.id)).length;
      const first = await call(ADMIN, 'PATCH', `/api/stores/${store.id}`, {
        version: store.version,
        city: 'Cambridge',
      });
      const stale = await call(ADMIN, 'PATCH', `/api/stores/${store.id}`, {
        version: store.version,
        city: 'Somerville',
      });

      expect(first.statusCode, first.body).toBe(200);
      expect(stale.statusCode).toBe(409);
      expect(stale.json().current).toMatchObject({
        city: 'Cambridge',
        version: store.version + 1,
      });
      expect(await events(store.id)).toHaveLength(before + 1);
    });

    it('deactivates one store with one audit event, refuses it again, a stale version and a brand admin, and reactivating it writes one event', async () => {
      const page = await list('status=active&member=4&page_size=1');
      const store = present(page.store_records[0], 'an active store');
      const path = `/api/stores/${store.id}/deactivate`;
      const stale = await call(ADMIN, 'POST', path, {
        version: store.version + 5,
      });
      const brand = await call(BRAND_ADMIN, 'POST', path, {
        version: store.version,
      });
      expect(stale.statusCode).toBe(409);
      expect(brand.statusCode).toBe(403);
      expect(await events(store.id)).toHaveLength(0);

      const response = await call(ADMIN, 'POST', path, {
        version: store.version,
      });
      expect(response.statusCode, response.body).toBe(200);
      const saved = v.parse(StoreRecordDetailSchema, response.json()).store;
      expect(saved).toMatchObject({
        status: 'inactive',
        version: store.version + 1,
      });
      const again = await call(ADMIN, 'POST', path, { version: saved.version });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toContain('already inactive');
      expect(await events(store.id)).toEqual([
        {
          action: 'deactivate',
          before: expect.objectContaining({
            status: 'active',
            version: store.version,
          }),
          after: expect.objectContaining({
            status: 'inactive',
            version: store.version + 1,
          }),
          member_id: store.member_id,
        },
      ]);

      const reactivated = await call(
        ADMIN,
        'PATCH',
        `/api/stores/${store.id}`,
        {
          version: saved.version,
          status: 'active',
        },
      );
      expect(reactivated.statusCode, reactivated.body).toBe(200);
      const trail = await events(store.id);
      expect(trail).toHaveLength(2);
      expect(trail[1]).toMatchObject({
        action: 'update',
        before: { status: 'inactive', version: store.version + 1 },
        after: { status: 'active', version: store.version + 2 },
      });
    });

    it('deactivates several stores at once, one audit event per store, and refuses the batch when one is stale', async () => {
      const page = await list('status=active&member=3&page_size=3');
      const [a, b, c] = page.store_records;
      const stale = await call(ADMIN, 'POST', '/api/stores/deactivate', {
        stores: [
          { id: a?.id, version: a?.version },
          { id: b?.id, version: (b?.version ?? 1) + 5 },
        ],
      });
      expect(stale.statusCode).toBe(409);
      expect((await one(present(a, 'a store').id)).status).toBe('active');

      const response = await call(ADMIN, 'POST', '/api/stores/deactivate', {
        stores: [a, b, c].map((s) => ({ id: s?.id, version: s?.version })),
      });
      expect(response.statusCode, response.body).toBe(200);
      const { stores } = v.parse(BulkDeactivatedStoresSchema, response.json());
      expect(stores.map((s) => s.status)).toEqual([
        'inactive',
        'inactive',
        'inactive',
      ]);
      for (const store of [a, b, c]) {
        const trail = await events(present(store, 'a store').id);
        expect(trail.filter((e) => e.action === 'deactivate')).toHaveLength(1);
        expect(trail.at(-1)).toMatchObject({
          before: { status: 'active' },
          after: { status: 'inactive' },
        });
      }
      const brand = await call(BRAND_ADMIN, 'POST', '/api/stores/deactivate', {
        stores: [{ id: a?.id, version: 2 }],
      });
      expect(brand.statusCode).toBe(403);
    });
  });

  describe('CSV import', () => {
    it('imports once when retried with the same Idempotency-Key, whatever the multipart boundary, and refuses another file under that key', async () => {
      const file = `${HEADER}\nKIEHLS,Kiehl's Retried Import,3 Pier Road,02111,Boston,northeast,Kiosk,,2026-01-05,,,,\n`;
      const key = { 'idempotency-key': 'store-import-once-0001' };
      const send = (body: {
        payload: object;
        headers: Record<string, string>;
      }) =>
        call(ADMIN, 'POST', '/api/stores/import', body.payload, {
          ...body.headers,
          ...key,
        });
      const count = await storeCount();
      const first = await send(multipart(file));
      // A browser's retry carries another boundary: the file is what counts.
      const again = await send(multipartBody(file, { filename: 'stores.csv' }));
      const other = await send(multipart(file.replace('Retried', 'Other')));

      expect(first.statusCode, first.body).toBe(200);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toEqual(first.json());
      expect(other.statusCode).toBe(422);
      expect(await storeCount()).toBe((count ?? 0) + 1);
    });

    it('previews a file row by row and saves nothing; the import then saves every store, one audit event each', async () => {
      const file = `${HEADER}\nKIEHLS,Kiehl's Import One,1 Pier Road,02111,Boston,northeast,Kiosk,,2026-01-05,one@kiehls.test,5,30,20\nLUMEN,Lumen Import Two,2 Pier Road,,Denver,Mountain,in-store,inactive,2025-12-01,,,,\n`;
      const count = await storeCount();
      const preview = await upload('/api/stores/import/preview', file);

      const report = importReport(preview);
      expect(report).toMatchObject({
        rows: 2,
        valid: 2,
        invalid: 0,
        issues: [],
        imported: 0,
      });
      expect(report.stores.map((s) => [s.row, s.name, s.region])).toEqual([
        [2, "Kiehl's Import One", 'Northeast'],
        [3, 'Lumen Import Two', 'Mountain'],
      ]);
      expect(await storeCount()).toBe(count);

      const saved = await upload('/api/stores/import', file);
      expect(importReport(saved).imported).toBe(2);
      expect(await storeCount()).toBe((count ?? 0) + 2);
      const made = await server.db.query<{ id: number; active: boolean }>(
        `SELECT id, active FROM stores WHERE name LIKE '%Import One' OR name LIKE '%Import Two' ORDER BY id`,
      );
      expect(made.map((s) => s.active)).toEqual([true, false]);
      for (const store of made) {
        const trail = await events(store.id);
        expect(trail).toHaveLength(1);
        expect(trail[0]).toMatchObject({ action: 'import', before: null });
      }
      const again = await upload('/api/stores/import/preview', file);
      expect(v.parse(StoreImportReportSchema, again.json()).issues).toEqual([
        expect.objectContaining({ row: 2, column: 'name' }),
        expect.objectContaining({ row: 3, column: 'name' }),
      ]);
    });

    it('reports each bad cell with row, column, value and message, and the import saves nothing', async () => {
      const file = [
        HEADER,
        'KIEHLS,Good Row,3 Pier Road,,Boston,Northeast,in-store,,2026-02-01,,,,',
        'NOPE,"=HYPERLINK(""http://x"")",4 Pier Road,,Boston,Atlantis,drone,,2026-02-30,not-an-email,=1+2,-4,',
        'KIEHLS,Short row',
      ].join('\n');
      const count = await storeCount();
      const response = await upload('/api/stores/import', file);

      const report = importReport(response);
      expect(report).toMatchObject({
        rows: 3,
        valid: 1,
        invalid: 2,
        imported: 0,
      });
      const columns = report.issues
        .filter((issue) => issue.row === 3)
        .map((issue) => issue.column)
        .sort();
      expect(columns).toEqual(
        [
          'bin_boxes',
          'channel',
          'contact_email',
          'liners',
          'member_code',
          'opened_on',
          'region',
        ].sort(),
      );
      expect(report.issues).toContainEqual(
        expect.objectContaining({ row: 3, column: 'bin_boxes', value: '=1+2' }),
      );
      expect(report.issues).toContainEqual(
        expect.objectContaining({ row: 4, column: '' }),
      );
      expect(await storeCount()).toBe(count);
    });

    it('keeps a formula-looking name as plain text', async () => {
      const file = `${HEADER}\nKIEHLS,"=SUM(A1:A9)",5 Pier Road,,Boston,Northeast,in-store,,2026-02-01,,,,\n`;
      const response = await upload('/api/stores/import', file);
      expect(v.parse(StoreImportReportSchema, response.json()).imported).toBe(
        1,
      );
      const [row] = await server.db.query<{ name: string }>(
        `SELECT name FROM stores WHERE address = '5 Pier Road'`,
      );
      expect(row?.name).toBe('=SUM(A1:A9)');
    });

    it('refuses hostile files as a whole with a clear message', async () => {
      const unclosed = await upload(
        '/api/stores/import/preview',
        `${HEADER}\nKIEHLS,"Never closed,1 Road,,Boston,Northeast,in-store,,2026-02-01,,,,\n`,
      );
      const wrongHeader = await upload(
        '/api/stores/import/preview',
        'name,email\nx,y\n',
      );
      const hugeRow = await upload(
        '/api/stores/import/preview',
        `${HEADER}\nKIEHLS,${'x'.repeat(5000)},1 Road,,Boston,Northeast,in-store,,2026-02-01,,,,\n`,
      );
      const tooMany = await upload(
        '/api/stores/import/preview',
        `${HEADER}\n${'KIEHLS,a,b,,c,West,kiosk,,2026-01-01,,,,\n'.repeat(1001)}`,
      );
      const tooBig = await upload(
        '/api/stores/import/preview',
        `${HEADER}\n${`KIEHLS,${'x'.repeat(2000)},a,,b,West,kiosk,,2026-01-01,,,,\n`.repeat(530)}`,
      );
      const empty = await upload('/api/stores/import/preview', '');
      const wrongField = await upload(
        '/api/stores/import/preview',
        HEADER,
        'csv',
      );
      const json = await call(ADMIN, 'POST', '/api/stores/import/preview', {
        file: HEADER,
      });
      const brand = await call(
        BRAND_ADMIN,
        'POST',
        '/api/stores/import/preview',
        multipart(HEADER).payload,
        multipart(HEADER).headers,
      );

      expect(unclosed.statusCode).toBe(400);
      expect(unclosed.json().message).toContain('quote that is never closed');
      expect(wrongHeader.statusCode).toBe(400);
      expect(wrongHeader.json().message).toContain('unknown column');
      expect(hugeRow.statusCode).toBe(400);
      expect(hugeRow.json().message).toContain('longer than');
      expect(tooMany.statusCode).toBe(413);
      expect(tooMany.json().message).toContain('more than 1000 stores');
      expect(tooBig.statusCode).toBe(413);
      expect(tooBig.json().message).toContain('larger than 1024 KiB');
      expect(empty.statusCode).toBe(400);
      expect(wrongField.statusCode).toBe(400);
      expect(json.statusCode).toBe(415);
      expect(brand.statusCode).toBe(403);
    });
  });
});
