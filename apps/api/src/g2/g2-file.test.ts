import { MAX_G2_UPLOAD_ROWS } from '@collective/api-client/contract';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { csvCell } from '../http/csv';
import { Refusal } from '../http/error-replies';
import {
  excelDay,
  MAX_G2_COLUMNS,
  readG2Csv,
  readG2Xlsx,
  type G2FileRow,
} from './g2-file';

async function all(rows: AsyncIterable<G2FileRow>): Promise<G2FileRow[]> {
  const out: G2FileRow[] = [];
  for await (const row of rows) out.push(row);
  return out;
}

async function refusal(rows: AsyncIterable<G2FileRow>): Promise<string> {
  try {
    await all(rows);
  } catch (error) {
    if (error instanceof Refusal) return error.message;
    throw error;
  }
  throw new Error('the file was read');
}

const HEADER = 'Store id,Date,Material,Weight (kg)';
const csv = (text: string | Buffer) =>
  readG2Csv(Readable.from([Buffer.from(text)]));

/** A cell as a partner's spreadsheet writes it: quoted when it must be (RFC 4180). */
const quoted = (cell: string) =>
  /[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;

describe('readG2Csv', () => {
  it('stages exactly what was written, for generated files', async () => {
    const cell = fc
      .string({ maxLength: 30 })
      .filter(
        (s) =>
          !s.includes('\u0000') && s.trim() === s && !/[\r\n\uFFFD]/.test(s),
      );
    const row = fc.record({
      storeId: cell,
      date: cell,
      material: cell,
      weight: cell,
    });
    await fc.assert(
      fc.asyncProperty(
        fc
          .array(row, { minLength: 1, maxLength: 30 })
          .filter((rows) =>
            rows.every((r) =>
              [r.storeId, r.date, r.material, r.weight].some((c) => c !== ''),
            ),
          ),
        async (rows) => {
          const text = [
            HEADER,
            ...rows.map((r) =>
              [r.storeId, r.date, r.material, r.weight].map(quoted).join(','),
            ),
          ].join('\r\n');
          const read = await all(csv(text));
          expect(
            read.map(({ storeId, date, material, weight }) => ({
              storeId,
              date,
              material,
              weight,
            })),
          ).toEqual(rows);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('takes the columns in any order and case, with a byte-order mark, and optional name and address', async () => {
    const rows = await all(
      csv(
        `\uFEFFweight_kg,MATERIAL,date,Store ID,Store name\n1.5,PP #5,2026-10-01,KS-1,"Main, Street"\n`,
      ),
    );
    expect(rows).toEqual([
      {
        row: 2,
        storeId: 'KS-1',
        date: '2026-10-01',
        material: 'PP #5',
        weight: '1.5',
        name: 'Main, Street',
        address: null,
      },
    ]);
  });

  it('refuses hostile files with a sentence', async () => {
    expect(await refusal(csv(`${HEADER}\nKS-1,"2026-10-01,PP,1\n`))).toMatch(
      /never closed/,
    );
    expect(
      await refusal(csv(`${HEADER}\nKS-1,${'x'.repeat(20_000)},PP,1\n`)),
    ).toMatch(/longer than/);
    expect(
      await refusal(
        csv(
          Buffer.concat([
            Buffer.from([0xff, 0xfe]),
            Buffer.from(HEADER, 'utf16le'),
          ]),
        ),
      ),
    ).toMatch(/UTF-16/);
    expect(
      await refusal(
        csv(
          Buffer.concat([
            Buffer.from(`${HEADER}\nKS-1,2026-10-01,Caf`),
            Buffer.from([0xe9]),
            Buffer.from(',1\n'),
          ]),
        ),
      ),
    ).toMatch(/not UTF-8/);
    expect(
      await refusal(
        csv(
          `${Array.from({ length: 100_000 }, (_, i) => `c${i}`)
            .join(',')
            .slice(0, 15_000)}\n`,
        ),
      ),
    ).toMatch(new RegExp(`at most ${MAX_G2_COLUMNS}`));
    expect(
      await refusal(csv(`${HEADER}\nKS-1,2026-10-01,PP\u0000,1\n`)),
    ).toMatch(/NUL/);
    expect(await refusal(csv(''))).toMatch(/empty/);
    expect(await refusal(csv('Shop,Kg\n'))).toMatch(
      /lacks Store id, Date, Material/,
    );
  });

  it(`refuses more than ${MAX_G2_UPLOAD_ROWS.toLocaleString('en-US')} rows, read as a stream`, async () => {
    async function* lines() {
      yield `${HEADER}\n`;
      const block = 'A,1,P,1\n'.repeat(10_000);
      for (let i = 0; i <= MAX_G2_UPLOAD_ROWS / 10_000; i += 1) yield block;
    }
    expect(await refusal(readG2Csv(Readable.from(lines())))).toMatch(
      /more than 500,000 rows/,
    );
  }, 60_000);

  it('keeps a formula as its text (the report escapes it)', async () => {
    const [row] = await all(
      csv(`${HEADER}\nKS-1,2026-10-01,"=HYPERLINK(""x"")",1\n`),
    );
    expect(row?.material).toBe('=HYPERLINK("x")');
    expect(csvCell(row?.material)).toBe(`"'=HYPERLINK(""x"")"`);
  });
});

describe('readG2Xlsx', () => {
  async function workbook(rows: unknown[][], sheets = 1): Promise<Readable> {
    const book = new ExcelJS.Workbook();
    for (let s = 0; s < sheets; s += 1) {
      const sheet = book.addWorksheet(`S${s}`);
      for (const row of rows) sheet.addRow(row);
    }
    return Readable.from([Buffer.from(await book.xlsx.writeBuffer())]);
  }

  it('reads the first sheet: day serials and dates as days, numbers as text, formulas as text', async () => {
    const input = await workbook(
      [
        ['Store id', 'Date', 'Material', 'Weight (kg)'],
        ['KS-1', new Date('2026-10-31T00:00:00Z'), 'PP #5', 3.75],
        ['KS-2', '2026-10-30', 'Glass', { formula: 'A1*2', result: 4 }],
        [],
      ],
      2,
    );
    const rows = await all(readG2Xlsx(input));
    expect(
      rows.map((r) => [r.row, r.storeId, r.date, r.material, r.weight]),
    ).toEqual([
      [2, 'KS-1', '2026-10-31', 'PP #5', '3.75'],
      [3, 'KS-2', '2026-10-30', 'Glass', '=A1*2'],
    ]);
  });

  it('refuses what is not a workbook, and a sheet of too many columns', async () => {
    expect(
      await refusal(
        readG2Xlsx(
          Readable.from([Buffer.from('PK\u0003\u0004 not really a zip')]),
        ),
      ),
    ).toMatch(/not a readable XLSX/);
    const wide = await workbook([
      Array.from({ length: 200 }, (_, i) => `c${i}`),
    ]);
    expect(await refusal(readG2Xlsx(wide))).toMatch(
      /more than 50 cells|at most 50/,
    );
  });

  it('turns day serials into days', () => {
    expect(excelDay(46326)).toBe('2026-10-31');
    expect(excelDay(-1)).toBe('-1');
  });
});
