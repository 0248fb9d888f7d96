import ExcelJS from 'exceljs';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { PassThrough, Readable, type Duplex } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { dropEarlyEnd, keepingZipEntries } from './zip-entries';

/** The unzip module exceljs' reader loads (a dependency of exceljs, not ours). */
const unzipper = createRequire(require.resolve('exceljs'))('unzipper') as {
  Parse(options: { forceStream: boolean }): Duplex;
};

async function workbookBytes(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('G2').addRow(['Store id', 'Date', 'Material', 'Weight']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/**
 * Pipes a workbook into unzipper's parser (through `keepingZipEntries`
 * when `keep`), takes no entry until the parser has read the whole archive
 * (as when exceljs is busy copying a worksheet), then takes them all.
 * Returns the entries waiting in the parser's buffer each time it said
 * `end`, and the entries taken.
 */
async function readWhilePaused(keep: boolean) {
  const parser = unzipper.Parse({ forceStream: true });
  const waitingAtEnd: number[] = [];
  parser.on('end', () => waitingAtEnd.push(parser.readableLength));
  const input = Readable.from([await workbookBytes()]);
  (keep ? keepingZipEntries(input) : input).pipe(parser);
  await once(parser, 'finish');
  const paths: string[] = [];
  parser.on('data', (entry: PassThrough & { path: string }) => {
    paths.push(entry.path);
    entry.resume();
  });
  await new Promise((resolve) => setTimeout(resolve, 50));
  return { waitingAtEnd, paths };
}

describe('keepingZipEntries', () => {
  it('shows the race it works around: unzipper says end while entries still wait', async () => {
    // If this fails, unzipper no longer ends early: the workaround can go.
    const { waitingAtEnd } = await readWhilePaused(false);
    expect(waitingAtEnd[0]).toBeGreaterThan(0);
  });

  it('lets the parser end only after every entry was taken', async () => {
    const { waitingAtEnd, paths } = await readWhilePaused(true);
    expect(waitingAtEnd).toEqual([0]);
    expect(paths).toEqual(
      expect.arrayContaining([
        'xl/worksheets/sheet1.xml',
        'xl/sharedStrings.xml',
        'xl/workbook.xml',
      ]),
    );
  });

  it('removes only the hand-made end, and nothing from other streams', () => {
    const parser = unzipper.Parse({ forceStream: true });
    const before = parser.listenerCount('finish');
    expect(dropEarlyEnd(parser)).toBe(1);
    expect(parser.listenerCount('finish')).toBe(before - 1);
    expect(dropEarlyEnd(parser)).toBe(0);
    const other = new PassThrough();
    other.on('finish', () => other.emit('close'));
    expect(dropEarlyEnd(other)).toBe(0);
  });
});
