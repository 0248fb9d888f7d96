import {
  DataExportCountSchema,
  DownloadResponseSchema,
  EXPORT_DATASET_INFO,
  EXPORT_DATASETS,
} from '@collective/api-client/contract';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { describeOnEachDatabase } from '../testing/test-databases';
import { startTestServer, type TestServer } from '../testing/test-server';
import { DATASET_SQL, EXPORT_BATCH_ROWS } from './export-datasets';

const COUNT = '/api/data-export/count';
const EXPORT = '/api/data-export';

/** A CSV body's lines, without the byte-order mark and the last line break. */
const lines = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .replace(/\r\n$/, '')
    .split('\r\n');

it('reads every column the contract lists for every dataset, and no other', () => {
  for (const dataset of EXPORT_DATASETS) {
    expect(Object.keys(DATASET_SQL[dataset].columns)).toEqual(
      EXPORT_DATASET_INFO[dataset].columns,
    );
    expect(Boolean(DATASET_SQL[dataset].status)).toBe(
      EXPORT_DATASET_INFO[dataset].statuses.length > 0,
    );
  }
});

/**
 * Raw Data Export (decisions D18; docs/decisions/0100): the count, the
 * streamed CSV, its scope, escaping and audit, and its refusals.
 */
describeOnEachDatabase('Raw Data Export: /api/data-export', (engine) => {
  let server: TestServer;
  let admin = '';
  let brand = '';

  beforeAll(async () => {
    server = await startTestServer(engine);
    admin = await server.login('admin@pact.test');
    brand = await server.login('brand.admin@kiehls.test');
  });
  afterAll(() => server?.close());

  const count = async (query: string, token: string) => {
    const response = await server.get(`${COUNT}?${query}`, token);
    expect(response.statusCode, response.body).toBe(200);
    return v.parse(DataExportCountSchema, response.json());
  };
  const sqlCount = async (sql: string) =>
    (
      await server.db.query<{ n: number }>(`SELECT count(*)::int AS n ${sql}`)
    )[0]?.n;

  describe('GET /api/data-export/count', () => {
    it('counts every dataset in the collective and in one member, as the tables hold them', async () => {
      expect((await count('dataset=shipments', admin)).count).toBe(
        await sqlCount('FROM shipments'),
      );
      expect((await count('dataset=lots&member_id=3', admin)).count).toBe(
        await sqlCount('FROM eol_lots WHERE member_id = 3'),
      );
      expect(
        (
          await count(
            'dataset=shipments&status=sorted&from=2026-01-01&to=2026-03-31',
            admin,
          )
        ).count,
      ).toBe(
        await sqlCount(
          `FROM shipments WHERE status = 'sorted' AND shipped_at >= '2026-01-01' AND shipped_at < '2026-04-01'`,
        ),
      );
      expect((await count('dataset=stores&status=inactive', admin)).count).toBe(
        await sqlCount('FROM stores WHERE NOT active'),
      );
    });

    it("counts a brand admin's own member's rows whatever member they ask for", async () => {
      const answer = await count('dataset=receipts&member_id=3', brand);
      expect(answer.scope).toEqual({ member_id: 2, member_name: "Kiehl's" });
      expect(answer.count).toBe(
        await sqlCount(
          'FROM receipts r JOIN shipments sh ON sh.id = r.shipment_id WHERE sh.member_id = 2',
        ),
      );
    });

    it('refuses incoherent queries with 400 naming the problem', async () => {
      const cases: [string, RegExp][] = [
        ['dataset=invoices', /dataset must be one of/],
        ['dataset=receipts&status=sorted', /status does not apply to receipts/],
        [
          'dataset=lots&status=sorted',
          /status must be one of open, shipped, confirmed/,
        ],
        [
          'dataset=stores&from=2026-02-01&to=2026-01-01',
          /from must be on or before to/,
        ],
        ['dataset=stores&from=yesterday', /from must be a date/],
        ['', /dataset/],
      ];
      for (const [query, message] of cases) {
        const response = await server.get(`${COUNT}?${query}`, admin);
        expect(response.statusCode, query).toBe(400);
        expect(response.json().error, query).toMatch(message);
      }
    });

    it('answers 401 without a session, 403 for a brand operator and for the special brand user', async () => {
      const operator = await server.login('operator@kiehls.test');
      const special = await server.login('special.admin@member1009.test');
      expect((await server.get(`${COUNT}?dataset=stores`)).statusCode).toBe(
        401,
      );
      expect(
        (await server.get(`${COUNT}?dataset=stores`, operator)).statusCode,
      ).toBe(403);
      expect(
        (await server.get(`${COUNT}?dataset=stores`, special)).statusCode,
      ).toBe(403);
      expect(
        (await server.get(`${EXPORT}?dataset=stores`, special)).statusCode,
      ).toBe(403);
    });
  });

  describe('GET /api/data-export', () => {
    it("streams a brand admin's own stores through a single-use link, with the chosen columns in their order, whatever member they ask for, and records the export", async () => {
      const link = await server.app.inject({
        method: 'POST',
        url: '/api/downloads',
        headers: { authorization: `Bearer ${brand}` },
        payload: {
          path: `${EXPORT}?dataset=stores&columns=name,member,id&member_id=3`,
        },
      });
      expect(link.statusCode, link.body).toBe(201);
      const url = v.parse(DownloadResponseSchema, link.json()).url;
      const [{ last } = { last: 0 }] = await server.db.query<{ last: number }>(
        'SELECT coalesce(max(id), 0)::int AS last FROM audit_events',
      );

      const file = await server.get(url);

      expect(file.statusCode, file.body).toBe(200);
      expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(file.headers['content-disposition']).toMatch(
        /^attachment; filename="stores-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      const [header, ...rows] = lines(file.body);
      expect(header).toBe('name,member,id');
      expect(rows.length).toBe(
        await sqlCount('FROM stores WHERE member_id = 2'),
      );
      expect(rows.every((row) => /,Kiehl's,\d+$/.test(row))).toBe(true);
      expect((await server.get(url)).statusCode).toBe(401);
      const events = await server.db.query<{
        action: string;
        entity_id: string;
        member_id: number;
        after: { query: Record<string, unknown> } | string;
      }>(
        "SELECT action, entity_id, member_id, after FROM audit_events WHERE entity = 'export' AND id > $1",
        [last],
      );
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        action: 'download',
        entity_id: 'dataExport',
        member_id: 2,
      });
      const after =
        typeof events[0]?.after === 'string'
          ? JSON.parse(events[0].after)
          : events[0]?.after;
      expect(after.query).toMatchObject({
        dataset: 'stores',
        columns: 'name,member,id',
      });
    });

    it("writes exactly the rows the count announced, for every dataset, only the brand admin's member's, whatever member they send", async () => {
      for (const dataset of EXPORT_DATASETS) {
        const { count: expected } = await count(
          `dataset=${dataset}&member_id=3`,
          brand,
        );
        const file = await server.get(
          `${EXPORT}?dataset=${dataset}&columns=member_id&member_id=3`,
          brand,
        );
        expect(file.statusCode, file.body).toBe(200);
        const [header, ...rows] = lines(file.body);
        expect(header).toBe('member_id');
        expect(rows, dataset).toHaveLength(expected);
        expect(new Set(rows), dataset).toEqual(new Set(expected ? ['2'] : []));
      }
    });

    it('escapes cells a spreadsheet would run as a formula, and quotes commas and quotes', async () => {
      const names = [
        '=HYPERLINK("http://evil.test","x")',
        '+1 555',
        '-2+3',
        '@SUM(A1)',
        '\tTabbed',
        '\rReturn',
        'Plain, with "quotes"',
      ];
      for (const [index, name] of names.entries()) {
        await server.db.query(
          `INSERT INTO stores (member_id, name, city, region, channel, opened_at)
           VALUES (6, $1, 'Formula City', 'West', 'in-store', '2020-01-0${index + 1}')`,
          [name],
        );
      }
      const file = await server.get(
        `${EXPORT}?dataset=stores&columns=name,city&member_id=6&from=2020-01-01&to=2020-01-07`,
        admin,
      );
      expect(file.statusCode, file.body).toBe(200);
      // A CR inside a quoted cell is not a line end: split on the CSV's CRLF only.
      expect(file.body.replace(/^\uFEFF/, '')).toBe(
        [
          'name,city',
          `"'=HYPERLINK(""http://evil.test"",""x"")",Formula City`,
          `'+1 555,Formula City`,
          `'-2+3,Formula City`,
          `'@SUM(A1),Formula City`,
          `'\tTabbed,Formula City`,
          `"'\rReturn",Formula City`,
          `"Plain, with ""quotes""",Formula City`,
          '',
        ].join('\r\n'),
      );
    });

    it('exports material lines across many keyset pages (a composite key) without losing or repeating a line', async () => {
      const expected = (await count('dataset=material_lines', admin)).count;
      expect(expected).toBeGreaterThan(EXPORT_BATCH_ROWS);
      const file = await server.get(
        `${EXPORT}?dataset=material_lines&columns=shipment_id,material`,
        admin,
      );
      const [, ...rows] = lines(file.body);
      expect(rows).toHaveLength(expected);
      expect(new Set(rows).size).toBe(expected);
    });

    it('bounds the joined shipments of every later page too, so no page reads them from their start', async () => {
      const query = vi.spyOn(server.db, 'query');
      try {
        await server.get(
          `${EXPORT}?dataset=material_lines&columns=shipment_id`,
          admin,
        );
        const later = query.mock.calls
          .map(([sql]) => sql)
          .filter((sql) =>
            /FROM shipment_materials ml[\s\S]*\) > \(/.test(sql),
          );
        expect(later.length).toBeGreaterThan(0);
        for (const sql of later) expect(sql).toMatch(/sh\.id >= \$\d+::int/);
      } finally {
        query.mockRestore();
      }
    });

    it('sends the first bytes after reading one page, before the rest of the rows are read (streaming, constant memory)', async () => {
      const total = (await count('dataset=shipments', admin)).count;
      const pages = Math.ceil((total + 1) / EXPORT_BATCH_ROWS);
      expect(pages).toBeGreaterThan(4);
      const query = vi.spyOn(server.db, 'query');
      const pageReads = () =>
        query.mock.calls.filter(([sql]) =>
          /FROM shipments sh[\s\S]*ORDER BY sh\.id LIMIT/.test(sql),
        ).length;
      try {
        const response = await server.app.inject({
          method: 'GET',
          url: `${EXPORT}?dataset=shipments`,
          headers: { authorization: `Bearer ${admin}` },
          payloadAsStream: true,
        });
        expect(response.statusCode).toBe(200);
        const stream = response.stream();
        const chunks: Buffer[] = [];
        let readAtFirstChunk = -1;
        for await (const chunk of stream) {
          if (readAtFirstChunk < 0) readAtFirstChunk = pageReads();
          chunks.push(chunk as Buffer);
        }
        expect(readAtFirstChunk).toBeGreaterThanOrEqual(1);
        expect(readAtFirstChunk).toBeLessThanOrEqual(2);
        expect(pageReads()).toBe(pages);
        const body = Buffer.concat(chunks).toString('utf8');
        expect(lines(body)).toHaveLength(total + 1);
        expect(lines(body)[0]).toBe(
          EXPORT_DATASET_INFO.shipments.columns.join(','),
        );
      } finally {
        query.mockRestore();
      }
    });

    it('refuses a column of another dataset and malformed columns with 400, and a call without a session with 401', async () => {
      const other = await server.get(
        `${EXPORT}?dataset=stores&columns=name,net_kg`,
        admin,
      );
      expect(other.statusCode).toBe(400);
      expect(other.json().error).toMatch(
        /columns net_kg are not columns of stores/,
      );
      const malformed = await server.get(
        `${EXPORT}?dataset=stores&columns=name;drop`,
        admin,
      );
      expect(malformed.statusCode).toBe(400);
      expect((await server.get(`${EXPORT}?dataset=stores`)).statusCode).toBe(
        401,
      );
    });
  });
});
