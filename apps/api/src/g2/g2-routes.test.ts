import {
  DashboardSummarySchema,
  G2IssuesPageSchema,
  G2ReportSchema,
  G2StoreMappingsPageSchema,
  G2UploadDetailSchema,
  G2UploadsPageSchema,
  type G2Upload,
} from '@collective/api-client/contract';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { FAST_QUEUE_OPTIONS } from '../jobs/testing/job-testing';
import { multipartBody } from '../testing/multipart-body';
import { present } from '../testing/present';
import { signedInServer } from '../testing/signed-in-server';
import { describeOnEachDatabase } from '../testing/test-databases';
import { deflatedZeros, entriesOf, zipOf } from '../testing/zip-file';
import { stageRows, type SpooledFile } from './g2-upload';
import { checkXlsxArchive } from './xlsx-archive';
import { ADMIN, BRAND_ADMIN, SPECIAL } from '../testing/demo-accounts';

const BRAND_MEMBER = 'operator@kiehls.test';
/** The member of BRAND_ADMIN and BRAND_MEMBER (Kiehl's). */
const OWN_MEMBER = 2;

/** An XLSX workbook, as exceljs writes it, of one sheet holding `rows`. */
async function xlsxOf(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('G2');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The first day of this month and today, UTC: rows dated in it count in this month's figures. */
function thisMonth() {
  const today = new Date().toISOString().slice(0, 10);
  return { start: `${today.slice(0, 8)}01`, today };
}

/**
 * G2 ingestion (decisions D17; docs/decisions/0099): upload (multipart,
 * streamed, hash refusal), validation by the job, the report and its CSV,
 * the quality queue, store mappings re-validating uploads, commit and roll
 * back returning the dashboard's figures exactly, discard, access and
 * audit.
 */
describeOnEachDatabase('G2 ingestion', (engine) => {
  const server = signedInServer(
    engine,
    {
      runJobs: true,
      jobQueue: FAST_QUEUE_OPTIONS,
      dataVersionMaxAgeMs: 0,
    },
    [SPECIAL],
  );
  const { call, json } = server;
  const { start, today } = thisMonth();
  const period = `period_start=${start}&period_end=${today}`;

  const upload = (
    content: Parameters<typeof multipartBody>[0],
    filename = 'partner.csv',
    query = period,
    who = ADMIN,
  ) => {
    const { payload, headers } = multipartBody(content, { filename });
    return call(who, 'POST', `/api/g2/uploads?${query}`, payload, headers);
  };
  const one = async (id: number) =>
    (await json(G2UploadDetailSchema, `/api/g2/uploads/${id}`)).upload;
  /**
   * Waits until the upload's validation job is done: up to 90 s by the
   * clock, however slowly a loaded CI machine answers the polls.
   */
  async function settled(id: number): Promise<G2Upload> {
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline) {
      const current = await one(id);
      if (current.status !== 'validating') return current;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`upload ${id} never left validating`);
  }
  const summary = async () =>
    (await json(DashboardSummarySchema, '/api/dashboard/summary')).kpis;
  const events = (entity: string, id: number | string) =>
    server.db.query<{ action: string; before: unknown; after: unknown }>(
      `SELECT action, before, after FROM audit_events WHERE entity = $1 AND entity_id = $2 ORDER BY id`,
      [entity, String(id)],
    );
  async function twoStores() {
    const rows = await server.db.query<{ id: number; name: string }>(
      `SELECT s.id, s.name FROM stores s JOIN store_stats st ON st.store_id = s.id
        WHERE s.active AND st.weight_kg_12m > 0 ORDER BY s.id LIMIT 2`,
    );
    return [
      present(rows[0], 'a store'),
      present(rows[1], 'a second store'),
    ] as const;
  }
  /** An active store of a member matching `where` (`s` is the store). */
  async function storeWhere(where: string) {
    const [store] = await server.db.query<{
      id: number;
      name: string;
      member_id: number;
    }>(
      `SELECT s.id, s.name, s.member_id FROM stores s WHERE s.active AND ${where} ORDER BY s.id LIMIT 1`,
    );
    return present(store, `a store where ${where}`);
  }
  const importMappings = (csv: string) => {
    const { payload, headers } = multipartBody(csv, { filename: 'map.csv' });
    return call(
      ADMIN,
      'POST',
      '/api/g2/store-mappings/import',
      payload,
      headers,
    );
  };

  describe('access', () => {
    it('answers 401 without a session and 403 to brand users who write', async () => {
      expect((await server.server.get('/api/g2/uploads')).statusCode).toBe(401);
      const refused = await upload(
        'Store id,Date,Material,Weight (kg)\nA,2026-01-01,PP #5,1\n',
        'x.csv',
        period,
        BRAND_ADMIN,
      );
      expect(refused.statusCode).toBe(403);
      expect(
        (
          await call(BRAND_ADMIN, 'POST', '/api/g2/store-mappings/confirm', {
            mappings: [{ id: 1, store_id: 1, version: 1 }],
          })
        ).statusCode,
      ).toBe(403);
    });

    it('shows a brand user the uploads holding their member’s rows, those rows only, read-only', async () => {
      const own = await storeWhere(`s.member_id = ${OWN_MEMBER}`);
      const other = await storeWhere(
        `s.member_id NOT IN (${OWN_MEMBER}, 1009)`,
      );
      const mapped = await importMappings(
        `partner_store_id,store_id\nKM-OWN,${own.id}\nKM-OTHER,${other.id}\n`,
      );
      expect(mapped.statusCode, mapped.body).toBe(200);
      // A partner file spanning two members, and an id tied to no store.
      const spanning = [
        'Store id,Date,Material,Weight (kg),Store name',
        `KM-OWN,${today},PP #5,2.5,Own Shop`,
        `KM-OWN,${today},Unobtainium,1,Own Shop`,
        `KM-OTHER,${today},Glass,4,Other Member Shop`,
        `KM-OTHER,${today},pet1,0,Other Member Shop`,
        `KM-NONE,${today},PP #5,1,Nobody's Shop`,
      ].join('\n');
      const made = await upload(spanning, 'spanning.csv');
      expect(made.statusCode, made.body).toBe(201);
      const id = made.json().upload.id as number;
      // The answer names the validation job it queued, the upload's own.
      const [{ job_id: queued } = { job_id: '' }] = await server.db.query<{
        job_id: string;
      }>('SELECT job_id FROM g2_uploads WHERE id = $1', [id]);
      expect(made.json().upload.validation).toEqual({
        job_id: queued,
        state: 'queued',
        progress: 0,
        message: null,
      });
      const whole = await settled(id);
      expect(whole.totals).toMatchObject({ rows: 5, valid: 2, errors: 3 });
      const othersOnly = await upload(
        `Store id,Date,Material,Weight (kg)\nKM-OTHER,${today},Glass,7\n`,
        'others.csv',
      );
      expect(othersOnly.statusCode, othersOnly.body).toBe(201);
      const hidden = othersOnly.json().upload.id as number;
      await settled(hidden);
      /** Nothing of the other member, nor of the id tied to no store, shows. */
      const noneOfTheOthers = (answer: unknown) => {
        const text = JSON.stringify(answer);
        for (const word of [
          'KM-OTHER',
          'KM-NONE',
          'Other Member Shop',
          "Nobody's Shop",
          other.name,
        ])
          expect(text).not.toContain(word);
      };

      for (const who of [BRAND_ADMIN, BRAND_MEMBER]) {
        // member_id is ignored for brand users: always their own member.
        const list = await json(
          G2UploadsPageSchema,
          `/api/g2/uploads?page_size=100&member_id=${other.member_id}`,
          who,
        );
        expect(list.scope.member_id).toBe(OWN_MEMBER);
        const mine = present(
          list.uploads.find((u) => u.id === id),
          'the spanning upload',
        );
        expect(mine.totals).toEqual({
          rows: 2,
          valid: 1,
          errors: 1,
          warnings: 0,
          weight_kg: 2.5,
        });
        expect(list.uploads.some((u) => u.id === hidden)).toBe(false);
        noneOfTheOthers(list);

        const report = await json(
          G2ReportSchema,
          `/api/g2/uploads/${id}/issues?page_size=100`,
          who,
        );
        expect(report.upload.totals.rows).toBe(2);
        expect(report.issues.map((i) => [i.row, i.kind])).toEqual([
          [3, 'unknown_material'],
        ]);
        noneOfTheOthers(report);
        const file = await call(
          who,
          'GET',
          `/api/g2/report/export?upload=${id}`,
        );
        expect(file.statusCode).toBe(200);
        expect(file.body.trim().split('\n')).toHaveLength(2);
        noneOfTheOthers(file.body);

        const queue = await json(
          G2IssuesPageSchema,
          `/api/g2/issues?upload=${id}`,
          who,
        );
        expect(queue.issues.map((i) => i.row)).toEqual([3]);
        expect(queue.groups.some((g) => g.kind === 'unmapped_store')).toBe(
          false,
        );
        noneOfTheOthers(queue);

        // An upload without a row of theirs does not exist for them.
        for (const url of [
          `/api/g2/uploads/${hidden}`,
          `/api/g2/uploads/${hidden}/issues`,
          `/api/g2/report/export?upload=${hidden}`,
        ])
          expect((await call(who, 'GET', url)).statusCode, url).toBe(404);

        // Store mappings: the ids confirmed to their own stores, read-only.
        const mappings = await json(
          G2StoreMappingsPageSchema,
          '/api/g2/store-mappings?page_size=100',
          who,
        );
        expect(
          mappings.mappings.some((m) => m.partner_store_id === 'KM-OWN'),
        ).toBe(true);
        for (const m of mappings.mappings) {
          expect(m.status).toBe('confirmed');
          expect(m.suggestions).toEqual([]);
        }
        expect(mappings.counts).toMatchObject({
          unmatched: 0,
          suggested: 0,
          ignored: 0,
        });
        noneOfTheOthers(mappings);
        const mappingsCsv = await call(
          who,
          'GET',
          '/api/g2/store-mappings/export',
        );
        expect(mappingsCsv.body).toContain('KM-OWN');
        noneOfTheOthers(mappingsCsv.body);

        // Every write stays the collective admins'.
        const version = { version: whole.version };
        for (const action of ['commit', 'rollback', 'discard'])
          expect(
            (
              await call(
                who,
                'POST',
                `/api/g2/uploads/${id}/${action}`,
                version,
              )
            ).statusCode,
          ).toBe(403);
        expect(
          (
            await call(who, 'POST', `/api/g2/issues/${report.issues[0]?.id}`, {
              action: 'ignore',
              note: 'x',
              version: 1,
            })
          ).statusCode,
        ).toBe(403);
        const ownMapping = present(
          mappings.mappings.find((m) => m.partner_store_id === 'KM-OWN'),
          'the KM-OWN mapping',
        );
        expect(
          (
            await call(
              who,
              'PATCH',
              `/api/g2/store-mappings/${ownMapping.id}`,
              {
                status: 'unmatched',
                version: ownMapping.version,
              },
            )
          ).statusCode,
        ).toBe(403);
      }

      // A collective admin who chose a member sees that member's rows.
      const chosen = await json(
        G2UploadsPageSchema,
        `/api/g2/uploads?page_size=100&member_id=${other.member_id}`,
      );
      expect(chosen.scope.member_id).toBe(other.member_id);
      expect(chosen.uploads.find((u) => u.id === id)?.totals).toMatchObject({
        rows: 2,
        valid: 1,
        errors: 1,
        weight_kg: 4,
      });
      expect(chosen.uploads.some((u) => u.id === hidden)).toBe(true);

      // The special brand user: no G2 Data Management (spec §6), mappings yes.
      for (const url of [
        '/api/g2/uploads',
        `/api/g2/uploads/${id}`,
        `/api/g2/uploads/${id}/issues`,
        '/api/g2/issues',
        `/api/g2/report/export?upload=${id}`,
      ])
        expect((await call(SPECIAL, 'GET', url)).statusCode, url).toBe(403);
      expect(
        (await call(SPECIAL, 'GET', '/api/g2/store-mappings')).statusCode,
      ).toBe(200);

      for (const made of [id, hidden]) {
        const current = await one(made);
        const gone = await call(
          ADMIN,
          'POST',
          `/api/g2/uploads/${made}/discard`,
          {
            version: current.version,
          },
        );
        expect(gone.statusCode, gone.body).toBe(200);
      }
    });

    it('lists the seeded uploads in their statuses', async () => {
      const page = await json(
        G2UploadsPageSchema,
        '/api/g2/uploads?page_size=100',
      );
      const statuses = new Set(page.uploads.map((u) => u.status));
      expect(statuses.has('ready')).toBe(true);
      expect(statuses.has('failed')).toBe(true);
      expect(statuses.has('rolled_back')).toBe(true);
    });
  });

  /** How many uploads and staged rows there are: a refused file changes neither. */
  const staged = async () =>
    (
      await server.db.query<{ uploads: number; rows: number }>(
        `SELECT (SELECT count(*)::int FROM g2_uploads) AS uploads,
                (SELECT count(*)::int FROM g2_rows) AS rows`,
      )
    )[0];
  /** Uploads `content`: refused with `status` and a sentence matching `message`, nothing staged. */
  async function refused(
    content: Parameters<typeof multipartBody>[0],
    filename: string,
    status: number,
    message: RegExp,
  ) {
    const before = await staged();
    const response = await upload(content, filename);
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json().message).toMatch(message);
    expect(await staged()).toEqual(before);
  }

  describe('bad uploads', () => {
    it('refuses a body that is not multipart (415), a bad period (400), another file type (415), an empty file (400)', async () => {
      expect(
        (await call(ADMIN, 'POST', `/api/g2/uploads?${period}`, { a: 1 }))
          .statusCode,
      ).toBe(415);
      const backwards = await upload(
        'x',
        'a.csv',
        `period_start=${today}&period_end=2020-01-01`,
      );
      expect(backwards.statusCode).toBe(400);
      expect(backwards.json().error).toMatch(/period_end/);
      expect((await upload('x', 'a.pdf')).statusCode).toBe(415);
      expect((await upload('', 'a.csv')).statusCode).toBe(400);
    });

    it('refuses a file whose header lacks a column, or that has no rows, and stages nothing', async () => {
      await refused(
        'Shop,When\nA,1\n',
        'h.csv',
        400,
        /Store id, Date, Material and Weight/,
      );
      await refused(
        'Store id,Date,Material,Weight (kg)\n',
        'n.csv',
        400,
        /no data rows/,
      );
    });
  });

  describe('hostile files', () => {
    const HEADER = 'Store id,Date,Material,Weight (kg)\n';
    /** `total` bytes of `unit` repeated, yielded 64 KB at a time: never held whole. */
    async function* repeated(unit: string, total: number) {
      const block = Buffer.from(unit.repeat(Math.ceil(65_536 / unit.length)));
      for (let sent = 0; sent < total; sent += block.length) yield block;
    }

    it('cuts a stream over 50 MB at the limit with 413, staging nothing', async () => {
      async function* huge() {
        yield HEADER;
        // Sent lazily: the server stops reading at 50 MB, whatever follows.
        yield* repeated(`KS-1,${today},PP #5,1.5\n`, 51 * 1024 * 1024);
      }
      await refused(huge(), 'huge.csv', 413, /larger than 50 MB/);
    });

    it('refuses UTF-16 (with its byte-order mark) and Latin-1 by name, staging nothing', async () => {
      const text = `${HEADER}KS-A,${today},Café,1\n`;
      const utf16le = Buffer.concat([
        Buffer.from([0xff, 0xfe]),
        Buffer.from(text, 'utf16le'),
      ]);
      await refused(
        utf16le,
        'utf16.csv',
        400,
        /is UTF-16; save it as CSV UTF-8/,
      );
      const utf16be = Buffer.from(utf16le).swap16();
      await refused(utf16be, 'utf16be.csv', 400, /is UTF-16/);
      await refused(
        Buffer.from(text, 'latin1'),
        'latin1.csv',
        400,
        /Row 2 is not UTF-8 text \(Latin-1 or another encoding\?\)/,
      );
    });

    it('refuses 100,000 columns, a row of 10 MB and a quote never closed, staging nothing', async () => {
      async function* wide() {
        let header = '';
        for (let column = 0; column < 100_000; column += 1) {
          header += `c${column},`;
          if (header.length > 60_000) {
            yield header;
            header = '';
          }
        }
        yield `${header}end\n`;
      }
      await refused(wide(), 'wide.csv', 400, /A row is longer than 16,384/);
      async function* longRow() {
        yield `${HEADER}KS-A,${today},`;
        yield* repeated('x', 10 * 1024 * 1024);
        yield ',1\n';
      }
      await refused(longRow(), 'long.csv', 400, /A row is longer than 16,384/);
      await refused(
        `${HEADER}A,"${today},PP #5,1\n`,
        'q.csv',
        400,
        /quoted cell is never closed/,
      );
    });

    it('keeps formulas as text, never evaluated, and escapes them in the report CSV', async () => {
      const formulas = {
        store: '=HYPERLINK("http://x.test","KS-A")',
        date: '+1+1',
        material: '@SUM(1)',
        weight: '-2+3',
      };
      const created = await upload(
        `${HEADER}"${formulas.store.replaceAll('"', '""')}",${formulas.date},${formulas.material},${formulas.weight}\n`,
        'formulas.csv',
      );
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().upload.id as number;
      expect(
        await server.db.query(
          'SELECT partner_store_id, day_text, material_text, weight_text FROM g2_rows WHERE upload_id = $1',
          [id],
        ),
      ).toEqual([
        {
          partner_store_id: formulas.store,
          day_text: formulas.date,
          material_text: formulas.material,
          weight_text: formulas.weight,
        },
      ]);
      await settled(id);
      const file = await call(
        ADMIN,
        'GET',
        `/api/g2/report/export?upload=${id}`,
      );
      expect(file.statusCode).toBe(200);
      // Each value the report names is escaped (a leading '): a spreadsheet
      // opening the CSV shows it as text, never runs it.
      const values = file.body
        .trim()
        .split('\n')
        .slice(1)
        .map((line) => line.split(',')[2]);
      expect(values.sort()).toEqual([
        '"\'=HYPERLINK(""http://x.test""',
        "'+1+1",
        "'-2+3",
        "'@SUM(1)",
      ]);
      const gone = await call(ADMIN, 'POST', `/api/g2/uploads/${id}/discard`, {
        version: (await one(id)).version,
      });
      expect(gone.statusCode).toBe(200);
    });

    it('refuses a zip bomb posing as XLSX before reading it, staging nothing', async () => {
      const parts = entriesOf(
        await xlsxOf([
          ['Store id', 'Date', 'Material', 'Weight (kg)'],
          ['KS-A', today, 'PP #5', 1],
        ]),
      ).filter((part) => part.name !== 'xl/worksheets/sheet1.xml');
      // 600 MB of zeros packed in 600 KB, made in milliseconds.
      const packed = deflatedZeros(600);
      const sheet = (declaredSize: number) => ({
        name: 'xl/worksheets/sheet1.xml',
        packed,
        declaredSize,
      });
      await refused(
        zipOf([...parts, sheet(600 * 1024 * 1024)]),
        'bomb.xlsx',
        400,
        /would unpack to more than 512 MB/,
      );
      // The same bomb declaring 4 KB: caught once it unpacks past that.
      await refused(
        zipOf([...parts, sheet(4096)]),
        'liar.xlsx',
        400,
        /unpacks to more than it declares/,
      );
    });
  });

  describe('linked workbooks', () => {
    it('refuses an XLSX with external links to other workbooks, staging nothing', async () => {
      const parts = entriesOf(
        await xlsxOf([
          ['Store id', 'Date', 'Material', 'Weight (kg)'],
          ['KS-A', today, 'PP #5', { formula: '[1]Sheet1!A1', result: 2 }],
        ]),
      );
      const link = {
        name: 'xl/externalLinks/externalLink1.xml',
        data: Buffer.from(
          '<externalLink xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><externalBook r:id="rId1" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"/></externalLink>',
        ),
      };
      await refused(
        zipOf([...parts, link]),
        'linked.xlsx',
        400,
        /links to other workbooks \(external links\)/,
      );
    });
  });

  describe('the pipeline', () => {
    it('maps, uploads, validates, re-validates on a mapping, commits, rolls back and discards', async () => {
      const [storeA, storeB] = await twoStores();
      // Mapping import: one good row, one unknown store.
      const imported = await importMappings(
        `partner_store_id,store_id\nKS-A,${storeA.id}\nKS-X,999999\n`,
      );
      expect(imported.statusCode, imported.body).toBe(200);
      expect(imported.json()).toMatchObject({ rows: 2, confirmed: 1 });
      expect(imported.json().issues).toEqual([
        expect.objectContaining({ row: 3, column: 'store_id' }),
      ]);

      const outside = '2019-01-01';
      const csv = [
        'Store id,Date,Material,Weight (kg),Store name',
        `KS-A,${today},PP #5,2.5,`,
        `KS-A,${today},pet1,1.5,`,
        `KS-B,${today},Glass,4,${storeB.name}`,
        `KS-A,${today},=1+2,1,`,
        `KS-A,${today},Mixed,0,`,
        `KS-A,${outside},Mixed,1,`,
        `KS-A,${today},PP #5,2.5,`,
        `KS-A,${today},Aluminium,90000,`,
      ].join('\n');
      const created = await upload(csv, 'october.csv');
      expect(created.statusCode, created.body).toBe(201);
      const made = v.parse(G2UploadDetailSchema, created.json()).upload;
      expect(made.status).toBe('validating');
      expect(made.totals.rows).toBe(8);
      expect(await events('g2_upload', made.id)).toEqual([
        expect.objectContaining({ action: 'upload', before: null }),
      ]);

      // The same content again is refused, naming the earlier upload.
      const again = await upload(csv, 'october-copy.csv');
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ upload_id: made.id });
      expect(again.json().message).toContain(`upload ${made.id}`);

      const ready = await settled(made.id);
      expect(ready.status).toBe('ready');
      // Rows 2, 3 valid; 4 unmapped; 5 bad material; 6 weight 0; 7 outside
      // the period; 8 repeats row 2; 9 an outlier (a warning).
      expect(ready.totals).toMatchObject({
        rows: 8,
        valid: 2,
        errors: 4,
        warnings: 2,
      });
      expect(ready.totals.weight_kg).toBeCloseTo(2.5 + 1.5 + 90000, 3);

      const report = await json(
        G2ReportSchema,
        `/api/g2/uploads/${made.id}/issues?page_size=100`,
      );
      expect(report.issues.map((i) => [i.row, i.kind])).toEqual([
        [4, 'unmapped_store'],
        [5, 'unknown_material'],
        [6, 'bad_weight'],
        [7, 'outside_period'],
        [8, 'duplicate'],
        [9, 'outlier'],
      ]);
      const errors = await json(
        G2ReportSchema,
        `/api/g2/uploads/${made.id}/issues?severity=error&column=material`,
      );
      expect(errors.issues.map((i) => i.row)).toEqual([5]);
      expect(
        (
          await call(
            ADMIN,
            'GET',
            `/api/g2/uploads/${made.id}/issues?severity=bad`,
          )
        ).statusCode,
      ).toBe(400);

      // The report's CSV escapes the formula a cell held.
      const file = await call(
        ADMIN,
        'GET',
        `/api/g2/report/export?upload=${made.id}`,
      );
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toMatch(/text\/csv/);
      expect(file.body).toContain(`5,material,'=1+2,`);

      // KS-B is unmatched, holding back its row, with the store as a suggestion.
      const mappings = await json(
        G2StoreMappingsPageSchema,
        '/api/g2/store-mappings?search=KS-B',
      );
      const ksB = present(mappings.mappings[0], 'the KS-B mapping');
      expect(ksB).toMatchObject({
        partner_store_id: 'KS-B',
        rows_held: 1,
        weight_held_kg: 4,
      });
      expect(ksB.status === 'suggested' || ksB.status === 'unmatched').toBe(
        true,
      );
      expect(ksB.suggestions[0]?.store_id).toBe(storeB.id);

      // The quality queue groups the open problems.
      const queue = await json(
        G2IssuesPageSchema,
        `/api/g2/issues?upload=${made.id}&kind=unmapped_store`,
      );
      expect(queue.issues.map((i) => i.row)).toEqual([4]);
      expect(
        queue.groups.find((g) => g.kind === 'unmapped_store')?.open,
      ).toBeGreaterThan(0);

      // Confirming KS-B re-validates the upload.
      const stale = await call(
        ADMIN,
        'PATCH',
        `/api/g2/store-mappings/${ksB.id}`,
        {
          status: 'confirmed',
          store_id: storeB.id,
          version: ksB.version + 1,
        },
      );
      expect(stale.statusCode).toBe(409);
      const confirmed = await call(
        ADMIN,
        'PATCH',
        `/api/g2/store-mappings/${ksB.id}`,
        {
          status: 'confirmed',
          store_id: storeB.id,
          version: ksB.version,
        },
      );
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json().revalidating).toEqual([made.id]);
      expect(await events('g2_store_mapping', ksB.id)).toHaveLength(1);
      const revalidated = await settled(made.id);
      expect(revalidated.totals).toMatchObject({ valid: 3, errors: 3 });
      const weight = revalidated.totals.weight_kg;
      expect(weight).toBeCloseTo(2.5 + 1.5 + 4 + 90000, 3);

      // Commit: stale first, then for real; the dashboard moves by exactly its weight.
      const before = await summary();
      expect(
        (
          await call(ADMIN, 'POST', `/api/g2/uploads/${made.id}/commit`, {
            version: revalidated.version - 1,
          })
        ).statusCode,
      ).toBe(409);
      const committed = await call(
        ADMIN,
        'POST',
        `/api/g2/uploads/${made.id}/commit`,
        {
          version: revalidated.version,
        },
      );
      expect(committed.statusCode, committed.body).toBe(200);
      const afterCommit = v.parse(
        G2UploadDetailSchema,
        committed.json(),
      ).upload;
      expect(afterCommit.status).toBe('committed');
      const during = await summary();
      expect(during.weight_kg_month - before.weight_kg_month).toBeCloseTo(
        weight,
        1,
      );
      expect(during.weight_kg_12m - before.weight_kg_12m).toBeCloseTo(
        weight,
        1,
      );
      expect(during.units_month).toBe(before.units_month);
      // The commit is the G2 feed's run in the ingestion log: every committed row, per member.
      const [taken] = await server.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM g2_collections WHERE upload_id = $1',
        [afterCommit.id],
      );
      const logged = await server.db.query<{ rows: number }>(
        `SELECT rows FROM ingestion_log WHERE source = 'g2' AND message LIKE $1`,
        [`${afterCommit.file_name}:%`],
      );
      expect(logged.length).toBeGreaterThan(0);
      expect(logged.reduce((sum, line) => sum + line.rows, 0)).toBe(taken?.n);

      // A committed upload cannot be discarded; rolled back, every figure is as before.
      expect(
        (
          await call(ADMIN, 'POST', `/api/g2/uploads/${made.id}/discard`, {
            version: afterCommit.version,
          })
        ).statusCode,
      ).toBe(409);
      const rolled = await call(
        ADMIN,
        'POST',
        `/api/g2/uploads/${made.id}/rollback`,
        {
          version: afterCommit.version,
        },
      );
      expect(rolled.statusCode, rolled.body).toBe(200);
      expect(await summary()).toEqual(before);
      expect((await events('g2_upload', made.id)).map((e) => e.action)).toEqual(
        ['upload', 'commit', 'rollback'],
      );

      // Discarded, it is gone and its content may come again.
      const rolledBack = v.parse(G2UploadDetailSchema, rolled.json()).upload;
      const discarded = await call(
        ADMIN,
        'POST',
        `/api/g2/uploads/${made.id}/discard`,
        {
          version: rolledBack.version,
        },
      );
      expect(discarded.statusCode).toBe(200);
      expect(
        (await call(ADMIN, 'GET', `/api/g2/uploads/${made.id}`)).statusCode,
      ).toBe(404);
      const reupload = await upload(csv, 'october.csv');
      expect(reupload.statusCode).toBe(201);
    });

    it('settles a problem with a note, audited, at its version', async () => {
      const queue = await json(G2IssuesPageSchema, '/api/g2/issues');
      const issue = present(queue.issues[0], 'an open problem');
      const url = `/api/g2/issues/${issue.id}`;
      expect(
        (
          await call(ADMIN, 'POST', url, {
            action: 'ignore',
            note: '',
            version: issue.version,
          })
        ).statusCode,
      ).toBe(400);
      expect(
        (
          await call(ADMIN, 'POST', url, {
            action: 'ignore',
            note: 'x',
            version: issue.version + 1,
          })
        ).statusCode,
      ).toBe(409);
      const done = await call(ADMIN, 'POST', url, {
        action: 'ignore',
        note: 'Partner confirmed the figure.',
        version: issue.version,
      });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json().issue).toMatchObject({
        status: 'ignored',
        note: 'Partner confirmed the figure.',
      });
      expect(await events('g2_issue', issue.id)).toHaveLength(1);
      expect(
        (
          await call(ADMIN, 'POST', '/api/g2/issues/999999', {
            action: 'resolve',
            note: 'x',
            version: 1,
          })
        ).statusCode,
      ).toBe(404);
    });
  });

  describe('files', () => {
    it('stages a file once when retried with the same Idempotency-Key, giving the first answer again (not the 409 of a file seen before), and refuses another file under that key', async () => {
      const csv = `Store id,Date,Material,Weight (kg)\nKS-R,${today},PP #5,1.25\n`;
      const key = { 'idempotency-key': 'g2-upload-once-0001' };
      const send = (content: string, filename: string) => {
        const { payload, headers } = multipartBody(content, { filename });
        return call(ADMIN, 'POST', `/api/g2/uploads?${period}`, payload, {
          ...headers,
          ...key,
        });
      };
      const first = await send(csv, 'retried.csv');
      const again = await send(csv, 'retried.csv');
      const other = await send(csv.replace('1.25', '2.5'), 'retried.csv');

      expect(first.statusCode, first.body).toBe(201);
      expect(again.statusCode, again.body).toBe(201);
      expect(again.json()).toEqual(first.json());
      expect(other.statusCode).toBe(422);
      const made = await server.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM g2_uploads WHERE file_name = 'retried.csv'`,
      );
      expect(made[0]?.n).toBe(1);
      expect(await events('g2_upload', first.json().upload.id)).toHaveLength(1);
    });

    it('reads the first sheet of an XLSX workbook: dates as days, formulas as text', async () => {
      const buffer = await xlsxOf([
        ['Store id', 'Date', 'Material', 'Weight (kg)'],
        ['KS-A', new Date(`${today}T00:00:00Z`), 'PP #5', 3.75],
        ['KS-A', today, 'HDPE #2', { formula: '1+1', result: 2 }],
      ]);
      const created = await upload(buffer, 'partner.xlsx');
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().upload.id as number;
      const rows = await server.db.query<{
        row: number;
        day_text: string;
        weight_text: string;
      }>(
        'SELECT row, day_text, weight_text FROM g2_rows WHERE upload_id = $1 ORDER BY row',
        [id],
      );
      expect(rows).toEqual([
        { row: 2, day_text: today, weight_text: '3.75' },
        { row: 3, day_text: today, weight_text: '=1+1' },
      ]);
      const ready = await settled(id);
      expect(ready.totals).toMatchObject({ rows: 2, errors: 1 });
    });

    it('streams a large CSV (60,000 rows) into staging and validates it', async () => {
      const count = 60_000;
      async function* lines() {
        yield 'Store id,Date,Material,Weight (kg)\n';
        let chunk = '';
        for (let i = 0; i < count; i += 1) {
          chunk += `KS-L${i % 50},${today},PP #5,${(i % 97) + 0.5}\n`;
          if (chunk.length > 64_000) {
            yield chunk;
            chunk = '';
          }
        }
        yield chunk;
      }
      const created = await upload(lines(), 'large.csv');
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().upload.id as number;
      const ready = await settled(id);
      expect(ready.totals.rows).toBe(count);
      expect(ready.totals.errors).toBe(count); // every KS-L id is unmapped
    }, 150_000);
  });

  describe('staging', () => {
    /** What a staged row holds as text, in the order of the file's columns. */
    interface Written {
      storeId: string;
      date: string;
      material: string;
      weight: string;
      name: string;
    }
    const ROLL_BACK = new Error('roll back: the property test stages nothing');
    /**
     * Stages `bytes` as a spooled file of `format` would be (the archive
     * check first for a workbook) into a throwaway upload, in a
     * transaction rolled back afterwards, and returns the staged rows.
     */
    async function staged(bytes: Buffer, format: 'csv' | 'xlsx') {
      const dir = await mkdtemp(join(tmpdir(), 'g2-staging-test-'));
      const path = join(dir, `file.${format}`);
      await writeFile(path, bytes);
      const hash = createHash('sha256').update(bytes).digest('hex');
      const file: SpooledFile = {
        path,
        fileName: `file.${format}`,
        format,
        hash,
        bytes: bytes.length,
        remove: () => rm(dir, { recursive: true, force: true }),
      };
      let rows: Written[] = [];
      try {
        if (format === 'xlsx') await checkXlsxArchive(path);
        await server.db.transaction(async (tx) => {
          const [made] = await tx.query<{ id: number }>(
            `INSERT INTO g2_uploads (tenant, file_name, content_hash, format, bytes, period_start, period_end)
             VALUES ('pact', 'property', $1, $2, $3, $4, $4) RETURNING id`,
            [hash, format, bytes.length, today],
          );
          const id = present(made, 'the upload').id;
          await stageRows(tx, id, file);
          rows = await tx.query<Written>(
            `SELECT partner_store_id AS "storeId", day_text AS date, material_text AS material,
                    weight_text AS weight, coalesce(partner_name, '') AS name
               FROM g2_rows WHERE upload_id = $1 ORDER BY row`,
            [id],
          );
          throw ROLL_BACK;
        });
      } catch (error) {
        if (error !== ROLL_BACK) throw error;
      } finally {
        await file.remove();
      }
      return rows;
    }
    const HEADER = [
      'Store id',
      'Date',
      'Material',
      'Weight (kg)',
      'Store name',
    ];
    /** Control characters (line breaks, NUL), the replacement character, non-characters: never in a partner's text. */
    const unwritten = (point: number) =>
      point < 0x20 ||
      (point >= 0x7f && point <= 0x9f) ||
      (point >= 0xfffd && point <= 0xffff);
    /**
     * A cell's text as a partner writes it: printable, no surrounding
     * spaces, no `_xHHHH_` (how XLSX escapes a character).
     */
    const text = fc
      .string({ unit: 'grapheme', maxLength: 30 })
      .filter(
        (cell) =>
          cell.trim() === cell &&
          ![...cell].some((c) => unwritten(c.codePointAt(0) ?? 0)) &&
          !/_x[0-9a-f]{4}_/i.test(cell),
      );
    /**
     * Rows of cells (`date` and `weight` for those columns), each with at
     * least one cell written (a blank row is skipped, not staged).
     */
    const rowsOf = <T>(
      cell: fc.Arbitrary<T>,
      date: fc.Arbitrary<T>,
      weight: fc.Arbitrary<T>,
    ) =>
      fc
        .array(fc.tuple(cell, date, cell, weight, cell), {
          minLength: 1,
          maxLength: 25,
        })
        .filter((rows) => rows.every((row) => row.some((c) => c !== '')));
    const asWritten = (row: readonly string[]): Written => ({
      storeId: row[0] ?? '',
      date: row[1] ?? '',
      material: row[2] ?? '',
      weight: row[3] ?? '',
      name: row[4] ?? '',
    });

    it('stages exactly what was written, for generated CSV files', async () => {
      const quoted = (cell: string) =>
        /[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
      await fc.assert(
        fc.asyncProperty(rowsOf(text, text, text), async (rows) => {
          const csv = [HEADER, ...rows]
            .map((row) => row.map(quoted).join(','))
            .join('\r\n');
          expect(await staged(Buffer.from(csv), 'csv')).toEqual(
            rows.map(asWritten),
          );
        }),
        { numRuns: 30 },
      );
    });

    it('stages exactly what was written, for generated XLSX workbooks', async () => {
      /** A day at midnight UTC that Excel's 1900 date system holds. */
      const day = fc
        .integer({
          min: Date.UTC(1900, 2, 1) / 86_400_000,
          max: Date.UTC(9999, 11, 31) / 86_400_000,
        })
        .map((days) => new Date(days * 86_400_000));
      const number = fc
        .double({ noNaN: true, noDefaultInfinity: true })
        .filter((n) => !Object.is(n, -0));
      type Cell = string | Date | number;
      // A date cell is a day serial (styles are not read): the Date column
      // turns it into a day; a number, in the weight column, its text.
      const date = fc.oneof(text, day) as fc.Arbitrary<Cell>;
      const weight = fc.oneof(text, number) as fc.Arbitrary<Cell>;
      /** The text a cell is staged as: a day as `YYYY-MM-DD`, a number as JavaScript writes it. */
      const textOf = (value: Cell) =>
        value instanceof Date
          ? value.toISOString().slice(0, 10)
          : String(value);
      await fc.assert(
        fc.asyncProperty(
          rowsOf(text as fc.Arbitrary<Cell>, date, weight).filter((rows) =>
            rows.every((row) => row.some((c) => textOf(c) !== '')),
          ),
          async (rows) => {
            const book = await xlsxOf([HEADER, ...rows]);
            expect(await staged(book, 'xlsx')).toEqual(
              rows.map((row) => asWritten(row.map(textOf))),
            );
          },
        ),
        { numRuns: 15 },
      );
    }, 120_000);
  });
});
