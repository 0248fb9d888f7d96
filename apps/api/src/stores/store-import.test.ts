import {
  STORE_REGIONS,
  STORE_IMPORT_OPTIONAL_COLUMNS,
  STORE_IMPORT_REQUIRED_COLUMNS,
} from '@collective/api-client/contract';
import fc from 'fast-check';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  headerProblem,
  readImportFile,
  validateImportRow,
  type ImportMember,
} from './store-import';

const MEMBERS: ReadonlyMap<string, ImportMember> = new Map([
  ['KIEHLS', { id: 2, name: "Kiehl's", status: 'active' }],
  ['GONE', { id: 9, name: 'Gone Brand', status: 'deactivated' }],
]);

const GOOD: Record<string, string> = {
  member_code: 'kiehls',
  name: 'Kiehl’s Pier',
  address: '1 Pier Road',
  city: 'Boston',
  region: 'Northeast',
  channel: 'kiosk',
  opened_on: '2026-01-31',
};

/** Text a person might put in a cell, formulas and control characters included. */
const cellText = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom(
    '=1+2',
    '+SUM(A1)',
    '-3',
    '@cmd',
    '\t',
    ' ',
    '0',
    '12',
    'West',
  ),
);

describe('validateImportRow', () => {
  it('turns a good row into the store it makes, defaults filled in', () => {
    const result = validateImportRow(2, GOOD, MEMBERS);
    expect(result.issues).toEqual([]);
    expect(result.store).toMatchObject({
      member_id: 2,
      status: 'active',
      region: 'Northeast',
      bin_boxes: 0,
      liners_reorder_at: 20,
      contact_email: '',
    });
  });

  it('names the column of each problem: an unknown or deactivated member, a bad number, a day that does not exist', () => {
    const unknown = validateImportRow(
      5,
      { ...GOOD, member_code: 'NOPE' },
      MEMBERS,
    );
    const gone = validateImportRow(
      5,
      { ...GOOD, member_code: 'gone' },
      MEMBERS,
    );
    const bad = validateImportRow(
      7,
      { ...GOOD, opened_on: '2026-02-30', labels: '=1+2' },
      MEMBERS,
    );
    expect(unknown.issues.map((i) => i.column)).toEqual(['member_code']);
    expect(gone.issues[0]?.message).toContain('deactivated');
    expect(bad.issues.map((i) => [i.row, i.column, i.value])).toEqual([
      [7, 'labels', '=1+2'],
      [7, 'opened_on', '2026-02-30'],
    ]);
  });

  it('for any cells, either makes a store whose fields came from the cells or reports issues, never both, each issue on this row', () => {
    const columns = [
      ...STORE_IMPORT_REQUIRED_COLUMNS,
      ...STORE_IMPORT_OPTIONAL_COLUMNS,
    ];
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 1001 }),
        fc.record(Object.fromEntries(columns.map((c) => [c, cellText])), {
          requiredKeys: [],
        }),
        fc.boolean(),
        (row, random, startGood) => {
          const cells = { ...(startGood ? GOOD : {}), ...random } as Record<
            string,
            string
          >;
          const result = validateImportRow(row, cells, MEMBERS);
          if (result.store) {
            expect(result.issues).toEqual([]);
            expect(result.store.member_id).toBe(2);
            expect(STORE_REGIONS).toContain(result.store.region);
            // A formula-looking cell is kept as its text, never evaluated.
            expect(result.store.name).toBe((cells['name'] ?? '').trim());
            for (const n of [result.store.bin_boxes, result.store.labels]) {
              expect(Number.isInteger(n) && n >= 0).toBe(true);
            }
          } else {
            expect(result.issues.length).toBeGreaterThan(0);
            for (const issue of result.issues) {
              expect(issue.row).toBe(row);
              expect(issue.value.length).toBeLessThanOrEqual(201);
              expect(issue.message).not.toBe('');
            }
          }
        },
      ),
    );
  });
});

describe('headerProblem', () => {
  it('accepts the required columns in any order, in any case', () => {
    const all = [
      ...STORE_IMPORT_REQUIRED_COLUMNS,
      ...STORE_IMPORT_OPTIONAL_COLUMNS,
    ] as string[];
    const required = new Set<string>(STORE_IMPORT_REQUIRED_COLUMNS);
    fc.assert(
      fc.property(
        fc.shuffledSubarray(all, { minLength: all.length }),
        fc.array(fc.boolean(), {
          minLength: all.length,
          maxLength: all.length,
        }),
        fc.boolean(),
        (order, kept, upper) => {
          const header = order
            .filter((c, i) => required.has(c) || kept[i])
            .map((c) => (upper ? ` ${c.toUpperCase()}` : c));
          expect(headerProblem(header)).toBeNull();
        },
      ),
    );
  });

  it('refuses a missing, unknown or repeated column', () => {
    const required = [...STORE_IMPORT_REQUIRED_COLUMNS];
    expect(headerProblem(required.slice(1))).toContain('member_code');
    expect(headerProblem([...required, '=cmd'])).toContain('unknown');
    expect(headerProblem([...required, 'name'])).toContain('more than once');
  });
});

describe('readImportFile', () => {
  const read = (text: string) =>
    readImportFile(Readable.from([Buffer.from(text)]), MEMBERS, (m, name) =>
      m === 2 && name === 'taken store' ? 41 : undefined,
    );
  const header = STORE_IMPORT_REQUIRED_COLUMNS.join(',');
  const row = (name: string) =>
    `KIEHLS,${name},1 Road,Boston,Northeast,in-store,2026-01-01`;

  it('reports a store named twice in the file and one the member already has', async () => {
    const reading = await read(
      `\uFEFF${header}\r\n${row('Twin')}\r\n${row('twin')}\r\n${row('Taken Store')}\r\n\r\n`,
    );
    expect(reading.rows).toBe(3);
    expect(reading.stores.map((s) => s.row)).toEqual([2]);
    expect(reading.issues.map((i) => [i.row, i.column])).toEqual([
      [3, 'name'],
      [4, 'name'],
    ]);
    expect(reading.issues[1]?.message).toContain('store 41');
  });

  it('refuses a NUL byte and an empty file', async () => {
    await expect(read(`${header}\n${row('A\u0000B')}\n`)).rejects.toThrow(
      'NUL byte',
    );
    await expect(read('')).rejects.toThrow('The file is empty');
  });
});
