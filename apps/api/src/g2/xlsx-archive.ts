/**
 * The archive check of an XLSX G2 file (decisions D17; docs/decisions/0099,
 * addendum), run on the spooled file before exceljs reads a byte of it.
 * An XLSX file is a zip archive, and exceljs' streaming reader inflates
 * whatever its entries hold, caching the shared strings in memory and
 * spooling sheets to disk: a small file posing as a workbook could unpack
 * to gigabytes (a zip bomb). The check reads the archive's central
 * directory, refuses what a G2 workbook never needs (external links to
 * other workbooks, encryption, ZIP64, other compression methods), bounds
 * the declared sizes (in all, the shared strings, and the packing ratio),
 * makes sure a sequential reader meets exactly the listed entries, then
 * inflates every entry counting its bytes, so an entry that unpacks to
 * more than it declares is caught after at most its declared size.
 */
import { createReadStream } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createInflateRaw } from 'node:zlib';
import { Refusal } from '../http/error-replies';

const MiB = 1024 * 1024;

/** Most bytes every part of a workbook may unpack to together. */
export const MAX_XLSX_INFLATED_BYTES = 512 * MiB;
/** Most bytes the shared strings (which exceljs keeps in memory) may unpack to. */
export const MAX_XLSX_SHARED_STRINGS_BYTES = 100 * MiB;
/**
 * Most an entry may unpack to per byte packed, once it unpacks to more
 * than {@link RATIO_FLOOR_BYTES} (Apache POI's default bound: a
 * spreadsheet's XML packs ten to forty times, a bomb a thousand).
 */
export const MAX_XLSX_RATIO = 100;
/** Entries unpacking to less than this are never refused for their ratio. */
const RATIO_FLOOR_BYTES = MiB;
/** Most entries a workbook may hold. */
export const MAX_XLSX_ENTRIES = 10_000;

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const DESCRIPTOR = 0x08074b50;
const DESCRIPTOR_BYTES = Buffer.from([0x50, 0x4b, 0x07, 0x08]);
/** Flag bits: encrypted; sizes in a data descriptor after the data. */
const ENCRYPTED = 0x1;
const SIZES_AFTER = 0x8;
const STORED = 0;
const DEFLATED = 8;

/** One entry of a zip archive's central directory. */
export interface ZipEntry {
  name: string;
  flags: number;
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

/** The refusal of a workbook, with a sentence saying why. */
function refuse(message: string): never {
  throw new Refusal(400, 'Unreadable file', message);
}

const UNREADABLE =
  'The file is not a readable XLSX workbook; save it from your spreadsheet as .xlsx (or as CSV UTF-8) and upload it again.';

const BOMB = (why: string) =>
  `The workbook ${why}: this is not a G2 file (a zip bomb?), and nothing was staged. Save the data as CSV UTF-8, or split it into smaller workbooks, and upload it again.`;

/** Reads `length` bytes at `position`, refusing a file that ends before. */
async function readAt(
  file: FileHandle,
  position: number,
  length: number,
): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await file.read(buffer, 0, length, position);
  if (bytesRead < length) refuse(UNREADABLE);
  return buffer;
}

/**
 * The entries of a zip archive's central directory (`tail` is the end of
 * the file, `tailStart` its position), and where the directory starts.
 * Refuses an archive without one, spanning disks, or in ZIP64.
 */
export function parseEndOfArchive(
  tail: Buffer,
  tailStart: number,
): { entries: number; directoryOffset: number; directorySize: number } {
  for (let at = tail.length - 22; at >= 0; at -= 1) {
    if (tail.readUInt32LE(at) !== EOCD) continue;
    const commentLength = tail.readUInt16LE(at + 20);
    if (at + 22 + commentLength !== tail.length) continue;
    const disk = tail.readUInt16LE(at + 4);
    const directoryDisk = tail.readUInt16LE(at + 6);
    const onDisk = tail.readUInt16LE(at + 8);
    const entries = tail.readUInt16LE(at + 10);
    const directorySize = tail.readUInt32LE(at + 12);
    const directoryOffset = tail.readUInt32LE(at + 16);
    if (
      entries === 0xffff ||
      directorySize === 0xffffffff ||
      directoryOffset === 0xffffffff
    ) {
      refuse(BOMB('is a ZIP64 archive, larger than any G2 file can be'));
    }
    if (disk !== 0 || directoryDisk !== 0 || onDisk !== entries)
      refuse(UNREADABLE);
    if (directoryOffset + directorySize !== tailStart + at) refuse(UNREADABLE);
    return { entries, directoryOffset, directorySize };
  }
  return refuse(UNREADABLE);
}

/** The entries of a central directory's bytes (`count` of them). */
export function parseCentralDirectory(
  directory: Buffer,
  count: number,
): ZipEntry[] {
  const entries: ZipEntry[] = [];
  let at = 0;
  for (let n = 0; n < count; n += 1) {
    if (at + 46 > directory.length || directory.readUInt32LE(at) !== CENTRAL)
      refuse(UNREADABLE);
    const nameLength = directory.readUInt16LE(at + 28);
    const extraLength = directory.readUInt16LE(at + 30);
    const commentLength = directory.readUInt16LE(at + 32);
    const entry: ZipEntry = {
      flags: directory.readUInt16LE(at + 8),
      method: directory.readUInt16LE(at + 10),
      compressedSize: directory.readUInt32LE(at + 20),
      size: directory.readUInt32LE(at + 24),
      localOffset: directory.readUInt32LE(at + 42),
      name: directory.toString('utf8', at + 46, at + 46 + nameLength),
    };
    if (
      entry.size === 0xffffffff ||
      entry.compressedSize === 0xffffffff ||
      entry.localOffset === 0xffffffff
    ) {
      refuse(BOMB('is a ZIP64 archive, larger than any G2 file can be'));
    }
    entries.push(entry);
    at += 46 + nameLength + extraLength + commentLength;
  }
  if (at !== directory.length) refuse(UNREADABLE);
  return entries;
}

/**
 * Refuses, from the central directory alone, what a G2 workbook never
 * holds: links to other workbooks, encrypted or oddly packed entries, and
 * declared sizes past the bounds (in all, the shared strings, the ratio).
 */
export function checkDeclaredEntries(entries: readonly ZipEntry[]): void {
  if (entries.length > MAX_XLSX_ENTRIES) {
    refuse(BOMB(`holds ${entries.length.toLocaleString('en-US')} parts`));
  }
  const linked = entries.find((e) => /^xl\/externalLinks\//i.test(e.name));
  if (linked) {
    refuse(
      'The workbook links to other workbooks (external links); a G2 file must hold its own values, and nothing was staged. In your spreadsheet, break the links (Data → Edit Links → Break Link) or paste the linked cells as values, save, and upload it again.',
    );
  }
  let total = 0;
  for (const entry of entries) {
    if (entry.flags & ENCRYPTED) {
      refuse(
        'The workbook is protected with a password; save it without one and upload it again.',
      );
    }
    if (entry.method !== STORED && entry.method !== DEFLATED)
      refuse(UNREADABLE);
    if (entry.method === STORED && entry.size !== entry.compressedSize)
      refuse(UNREADABLE);
    total += entry.size;
    if (total > MAX_XLSX_INFLATED_BYTES) {
      refuse(
        BOMB(`would unpack to more than ${MAX_XLSX_INFLATED_BYTES / MiB} MB`),
      );
    }
    if (
      /^xl\/sharedStrings\.xml$/i.test(entry.name) &&
      entry.size > MAX_XLSX_SHARED_STRINGS_BYTES
    ) {
      refuse(
        BOMB(
          `holds more than ${MAX_XLSX_SHARED_STRINGS_BYTES / MiB} MB of text cells`,
        ),
      );
    }
    if (
      entry.size > RATIO_FLOOR_BYTES &&
      entry.size > MAX_XLSX_RATIO * Math.max(entry.compressedSize, 1)
    ) {
      refuse(
        BOMB(
          `has a part packed more than ${MAX_XLSX_RATIO} times (${entry.name.slice(0, 80)})`,
        ),
      );
    }
  }
}

/**
 * Where each entry's packed data lies, checked against its local header:
 * the entries follow one another from the start of the file to the central
 * directory, with nothing before, between or hidden, so a sequential
 * reader (exceljs reads the archive as a stream) meets exactly these.
 */
async function dataRanges(
  file: FileHandle,
  entries: readonly ZipEntry[],
  directoryOffset: number,
): Promise<{ entry: ZipEntry; start: number; scanned: boolean }[]> {
  const ranges: { entry: ZipEntry; start: number; scanned: boolean }[] = [];
  let expected = 0;
  for (const entry of [...entries].sort(
    (a, b) => a.localOffset - b.localOffset,
  )) {
    if (entry.localOffset !== expected) refuse(UNREADABLE);
    const header = await readAt(file, entry.localOffset, 30);
    if (header.readUInt32LE(0) !== LOCAL) refuse(UNREADABLE);
    const flags = header.readUInt16LE(6);
    const method = header.readUInt16LE(8);
    const compressedSize = header.readUInt32LE(18);
    const size = header.readUInt32LE(22);
    const nameLength = header.readUInt16LE(26);
    const extraLength = header.readUInt16LE(28);
    const name = (
      await readAt(file, entry.localOffset + 30, nameLength)
    ).toString('utf8');
    if (name !== entry.name || method !== entry.method || flags & ENCRYPTED)
      refuse(UNREADABLE);
    // A reader takes the local sizes when they are given; without them
    // (sizes after the data) it looks for the descriptor's signature.
    const scanned = (flags & SIZES_AFTER) !== 0 && compressedSize === 0;
    if (
      !scanned &&
      (compressedSize !== entry.compressedSize || size !== entry.size)
    )
      refuse(UNREADABLE);
    const start = entry.localOffset + 30 + nameLength + extraLength;
    let end = start + entry.compressedSize;
    if (flags & SIZES_AFTER) {
      const descriptor = await readAt(file, end, 16);
      if (descriptor.readUInt32LE(0) === DESCRIPTOR) {
        if (
          descriptor.readUInt32LE(8) !== entry.compressedSize ||
          descriptor.readUInt32LE(12) !== entry.size
        )
          refuse(UNREADABLE);
        end += 16;
      } else if (scanned) {
        refuse(UNREADABLE);
      } else {
        end += 12;
      }
    }
    ranges.push({ entry, start, scanned });
    expected = end;
  }
  if (expected !== directoryOffset) refuse(UNREADABLE);
  return ranges;
}

/**
 * Inflates one entry's packed bytes, counting what comes out: refuses it
 * as soon as it passes its declared size (inflating stops there). For an
 * entry a reader finds the end of by the descriptor's signature, the
 * packed bytes must not hold that signature (else the reader would cut
 * the entry elsewhere).
 */
async function inflateCounting(
  path: string,
  range: { entry: ZipEntry; start: number; scanned: boolean },
): Promise<void> {
  const { entry, start, scanned } = range;
  if (entry.compressedSize === 0) return;
  if (entry.method === STORED && !scanned) return; // its size is its packed size
  let carry = Buffer.alloc(0);
  const scan = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const joined = Buffer.concat([carry, chunk]);
      if (scanned && joined.includes(DESCRIPTOR_BYTES)) {
        done(new Refusal(400, 'Unreadable file', UNREADABLE));
        return;
      }
      carry = joined.subarray(Math.max(0, joined.length - 3));
      done(null, chunk);
    },
  });
  let out = 0;
  const counter = new Writable({
    write(chunk: Buffer, _encoding, done) {
      out += chunk.length;
      done(
        out > entry.size
          ? new Refusal(
              400,
              'Unreadable file',
              BOMB(
                `has a part that unpacks to more than it declares (${entry.name.slice(0, 80)})`,
              ),
            )
          : null,
      );
    },
  });
  const packed = createReadStream(path, {
    start,
    end: start + entry.compressedSize - 1,
    highWaterMark: 16 * 1024,
  });
  try {
    if (entry.method === DEFLATED)
      await pipeline(packed, scan, createInflateRaw(), counter);
    else await pipeline(packed, scan, counter);
  } catch (error) {
    if (error instanceof Refusal) throw error;
    refuse(UNREADABLE);
  }
}

/**
 * Checks the XLSX file at `path` before it is read (see the module's
 * comment); refuses it with a 400 and a sentence saying why.
 */
export async function checkXlsxArchive(path: string): Promise<void> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    const tailLength = Math.min(size, 22 + 0xffff);
    const tailStart = size - tailLength;
    const end = parseEndOfArchive(
      await readAt(file, tailStart, tailLength),
      tailStart,
    );
    const entries = parseCentralDirectory(
      await readAt(file, end.directoryOffset, end.directorySize),
      end.entries,
    );
    checkDeclaredEntries(entries);
    for (const range of await dataRanges(file, entries, end.directoryOffset))
      await inflateCounting(path, range);
  } finally {
    await file.close();
  }
}
