import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Refusal } from '../http/error-replies';
import {
  deflatedZeros,
  entriesOf,
  zipOf,
  type ZipPart,
} from '../testing/zip-file';
import {
  checkXlsxArchive,
  MAX_XLSX_INFLATED_BYTES,
  parseCentralDirectory,
  parseEndOfArchive,
} from './xlsx-archive';

const MiB = 1024 * 1024;
let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'xlsx-archive-test-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

let files = 0;
/** The refusal's sentence of checking `zip`, or `null` when it passes. */
async function verdict(zip: Buffer): Promise<string | null> {
  files += 1;
  const path = join(dir, `f${files}.xlsx`);
  await writeFile(path, zip);
  try {
    await checkXlsxArchive(path);
    return null;
  } catch (error) {
    if (error instanceof Refusal) return error.message;
    throw error;
  } finally {
    await rm(path, { force: true });
  }
}

/** The parts of a real workbook, as exceljs writes it (data descriptors and all). */
async function workbook(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('G2');
  sheet.addRow(['Store id', 'Date', 'Material', 'Weight (kg)']);
  sheet.addRow(['KS-1', '2026-10-01', 'PP #5', 1.5]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('checkXlsxArchive', () => {
  it('passes a workbook exceljs wrote, and one rebuilt from its parts', async () => {
    const written = await workbook();
    expect(await verdict(written)).toBeNull();
    expect(await verdict(zipOf(entriesOf(written)))).toBeNull();
  });

  it('lists exactly the entries written, for generated archives', async () => {
    const part = fc.record({
      name: fc.stringMatching(/^[a-z][a-z0-9/._-]{0,40}$/),
      data: fc.uint8Array({ maxLength: 2000 }).map((a) => Buffer.from(a)),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(part, { selector: (p) => p.name, maxLength: 12 }),
        async (parts) => {
          const zip = zipOf(parts);
          const tailStart = Math.max(0, zip.length - 22 - 0xffff);
          const end = parseEndOfArchive(zip.subarray(tailStart), tailStart);
          const listed = parseCentralDirectory(
            zip.subarray(
              end.directoryOffset,
              end.directoryOffset + end.directorySize,
            ),
            end.entries,
          );
          expect(listed.map((e) => [e.name, e.size])).toEqual(
            parts.map((p) => [p.name, p.data.length]),
          );
          expect(entriesOf(zip)).toEqual(parts);
          expect(await verdict(zip)).toBeNull();
        },
      ),
      { numRuns: 25 },
    );
  });

  it('makes its bombs cheaply and truly', () => {
    expect(inflateRawSync(deflatedZeros(3)).equals(Buffer.alloc(3 * MiB))).toBe(
      true,
    );
  });

  it('refuses a bomb by its declared size, its ratio or its lie, before inflating it whole', async () => {
    const parts = entriesOf(await workbook()).filter(
      (p) => p.name !== 'xl/worksheets/sheet1.xml',
    );
    const sheet = (packed: Buffer, declaredSize: number): ZipPart => ({
      name: 'xl/worksheets/sheet1.xml',
      packed,
      declaredSize,
    });
    const huge = deflatedZeros(600);
    expect(
      await verdict(
        zipOf([...parts, sheet(huge, MAX_XLSX_INFLATED_BYTES + 1)]),
      ),
    ).toMatch(/would unpack to more than 512 MB/);
    expect(
      await verdict(zipOf([...parts, sheet(deflatedZeros(20), 20 * MiB)])),
    ).toMatch(/packed more than 100 times/);
    expect(await verdict(zipOf([...parts, sheet(huge, 4096)]))).toMatch(
      /unpacks to more than it declares/,
    );
    expect(
      await verdict(
        zipOf([
          ...parts,
          {
            name: 'xl/sharedStrings.xml',
            packed: huge,
            declaredSize: 101 * MiB,
          },
        ]),
      ),
    ).toMatch(/more than 100 MB of text cells/);
  });

  it('refuses external links, hidden entries, encryption and what is no zip', async () => {
    const parts = entriesOf(await workbook());
    expect(
      await verdict(
        zipOf([
          ...parts,
          {
            name: 'xl/externalLinks/externalLink1.xml',
            data: Buffer.from('<externalLink/>'),
          },
        ]),
      ),
    ).toMatch(/links to other workbooks/);
    // An entry the central directory does not list: a sequential reader
    // (exceljs) would meet it.
    const hidden: ZipPart = {
      name: 'xl/sharedStrings.xml',
      packed: deflatedZeros(600),
      declaredSize: 1000,
    };
    expect(
      await verdict(zipOf([hidden, ...parts], ['xl/sharedStrings.xml'])),
    ).toMatch(/not a readable XLSX/);
    expect(
      await verdict(zipOf([...parts, hidden], ['xl/sharedStrings.xml'])),
    ).toMatch(/not a readable XLSX/);
    const encrypted = zipOf(parts);
    const central = encrypted.indexOf(Buffer.from([0x50, 0x4b, 1, 2]));
    encrypted.writeUInt16LE(
      encrypted.readUInt16LE(central + 8) | 1,
      central + 8,
    );
    expect(await verdict(encrypted)).toMatch(/password/);
    expect(await verdict(Buffer.from('PK\u0003\u0004 not a zip'))).toMatch(
      /not a readable XLSX/,
    );
    expect(await verdict(Buffer.alloc(0))).toMatch(/not a readable XLSX/);
  });
});
